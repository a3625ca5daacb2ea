/** What app/ (routes, layouts) puts beside other features, of home-assistant. */
export { HomeAssistantSection } from './components/HomeAssistantSection';

/** What app/ (routes, layouts) puts beside other features, of webhooks. */
export { WebhooksSection } from './components/WebhooksSection';

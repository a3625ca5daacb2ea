/** What other features may use of webhooks. */
export { WebhooksSection } from './components/WebhooksSection';

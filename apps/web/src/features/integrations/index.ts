// Integrations: /dashboard/crm/integrations (API keys and connectors, decision 069).
export { IntegrationsPage } from './routes/IntegrationsPage.tsx';

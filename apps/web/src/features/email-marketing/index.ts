// E-mail marketing: /dashboard/crm/email-marketing (campaign e-mails) and /dashboard/crm/marketing (overview).
export { EmailMarketingPage } from './routes/EmailMarketingPage.tsx';
export { MarketingOverviewPage } from './routes/MarketingOverviewPage.tsx';

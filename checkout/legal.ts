// The four static legal pages (docs/spec.md section 2): their routes, file names and titles.
import { ROUTES } from './routes.ts';

export const LEGAL_PAGES = [
  { page: 'privacy-policy', route: ROUTES.privacyPolicy, title: 'Privacy Policy' },
  { page: 'terms-of-service', route: ROUTES.termsOfService, title: 'Terms of Service' },
  { page: 'compliance-policy', route: ROUTES.compliancePolicy, title: 'Compliance Policy' },
  { page: 'refund-policy', route: ROUTES.refundPolicy, title: 'Refund Policy' },
] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number]['page'];

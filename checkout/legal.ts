// The four static legal pages (docs/spec.md section 2): their routes and file names (their titles are
// in the catalogues: LEGAL_TITLES).
import { ROUTES } from './routes.ts';

export const LEGAL_PAGES = [
  { page: 'privacy-policy', route: ROUTES.privacyPolicy },
  { page: 'terms-of-service', route: ROUTES.termsOfService },
  { page: 'compliance-policy', route: ROUTES.compliancePolicy },
  { page: 'refund-policy', route: ROUTES.refundPolicy },
] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number]['page'];

// The four static legal pages (SPEC.md section 2).
export const LEGAL_PAGES = [
  { page: 'privacy-policy', path: '/privacy-policy', title: 'Privacy Policy' },
  { page: 'terms-of-service', path: '/terms-of-service', title: 'Terms of Service' },
  { page: 'compliance-policy', path: '/compliance-policy', title: 'Compliance Policy' },
  { page: 'refund-policy', path: '/refund-policy', title: 'Refund Policy' },
] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number]['page'];

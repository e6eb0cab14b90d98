/**
 * Who we are, as the site prints it. These are the defaults; an operator
 * overrides each one through the environment (see server/config.ts).
 * Placeholders stay obviously fake until the owner supplies the real values.
 */
export interface SiteConfig {
  brandName: string;
  /** Absolute origin the site is published at, without a trailing slash. */
  publicUrl: string;
  generalEmail: string;
  salesEmail: string;
  linkedInUrl: string;
}

export const defaultSite: SiteConfig = {
  brandName: 'Example Sourcing',
  publicUrl: 'https://www.example.com',
  generalEmail: 'info@example.com',
  salesEmail: 'sales@example.com',
  linkedInUrl: 'https://www.linkedin.com/company/example',
};

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

/** Facts that are part of the product, not of the deployment. */
export const businessHours = {
  days: 'Monday to Friday',
  hours: '9:00 am to 6:00 pm GMT',
  closed: 'Closed on weekends and public holidays',
  // schema.org form, for structured data.
  opens: '09:00',
  closes: '18:00',
  dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
} as const;

export const copyrightYear = 2023;

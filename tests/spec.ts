/**
 * The product specification's constants (../shared/SPEC.md), pinned here and
 * nowhere else. Every other test walks the route table and the content; these
 * say what the spec fixes, so a change to any of them is a change to the spec
 * and should be made on purpose.
 */

/** Section 2, "Overlay menu": the links, in order. */
export const SPEC_MENU = [
  { label: 'Home', path: '/home' },
  { label: 'About Us', path: '/about' },
  { label: 'Our Products', path: '/products' },
  { label: 'Legal', path: '/legal' },
] as const;

/** Section 2, "Routes" and "Headings of the product list screens"; section 9: five categories, in this order. */
export const SPEC_CATEGORIES = [
  {
    title: 'Energy and Fuel',
    path: '/products/energy-and-fuel',
    headings: ['Fuels', 'Generators', 'Batteries', 'Solar Energy Solutions', 'Wind Power Solutions', 'Energy Storage and Power Conversion', 'Energy Efficiency and Management'],
  },
  {
    title: 'Agricultural Inputs',
    path: '/products/agriculture-inputs',
    headings: ['Seeds and Planting Material', 'Fertilizers', 'Crop Protection', 'Soil Amendments', 'Irrigation and Water Management', 'Agricultural Equipment', 'Livestock Inputs', 'Greenhouse Supplies', 'Supportive Inputs', 'Agroforestry and Landscaping'],
  },
  {
    title: 'Industrial Chemicals',
    path: '/products/industrial-chemicals',
    headings: ['Solvents', 'Acids and Bases', 'Plastics and Polymers', 'Specialty Gases', 'Petrochemicals', 'Cleaning Agents', 'Adhesives and Sealants', 'Agricultural Chemicals', 'Textile Chemicals', 'Food Grade Chemicals', 'Pharmaceutical Ingredients', 'Water Treatment Chemicals', 'Lubricants and Greases', 'Coatings and Paints', 'Refrigerants', 'Rubber Processing Chemicals'],
  },
  {
    title: 'Construction Materials',
    path: '/products/construction-materials',
    headings: ['Basic Building Materials', 'Finishing Materials', 'Specialized Construction Materials', 'Infrastructure Materials', 'Construction Chemicals', 'Landscaping Materials', 'Construction Tools and Equipment'],
  },
  {
    title: 'Textiles',
    path: '/products/textiles',
    headings: ['Apparel Fabrics', 'Technical Textiles', 'Home Textiles', 'Industrial Textiles', 'Performance Textiles', 'Eco-friendly Textiles', 'Leather and Faux Leather', 'Textile Composites', 'Non-woven Fabrics', 'Specialty Fabrics'],
  },
] as const;

/** Section 2, "Legal screen": three tabs, Terms of Use first and selected by default. */
export const SPEC_LEGAL_TABS = ['Terms of Use', 'Privacy Policy', 'Disclaimer'] as const;

/** Section 2, "Routes": the About screen's three sections, in order. Section 1: the stated values. */
export const SPEC_ABOUT_SECTIONS = ['About Us', 'Values', 'What We Provide'] as const;
export const SPEC_VALUES = ['Confidentiality', 'Data protection'] as const;

/** Sections 1 and 9: what the buyer gets and what the supplier pays, as the copy states them. */
export const SPEC_SERVICE = { document: 'Letter of Intent (LOI)', offers: 'three offers', commission: '0.05 to 2 percent' } as const;

/** Section 2, "Routes": each product card's button. */
export const SPEC_READ_MORE = 'Read More';

/** Section 2, "Routes": the home screen. */
export const SPEC_HOME = { path: '/home', tagline: 'Procurement Perfected', cta: 'READ MORE', ctaPath: '/about' } as const;

/** Section 2, "Navigation bar": the pages with the light logo, icons and background. */
export const SPEC_LIGHT_PAGES = ['/about', '/products'] as const;

/** Section 2: the footer block is hidden on the home screen only. */
export const SPEC_NO_FOOTER = ['/home'] as const;

/** Section 2, "Bottom strip"; section 9. */
export const SPEC_COPYRIGHT_YEAR = 2023;

/** Section 8: the fallback screen's words. */
export const SPEC_ERROR_HEADING = 'Unexpected Application Error!';

/** Section 1 and 9: business hours. */
export const SPEC_HOURS = { days: 'Monday to Friday', hours: '9:00 am to 6:00 pm GMT' } as const;

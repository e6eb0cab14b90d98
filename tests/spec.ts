/**
 * What the product's specification, which the business owns, promises and may not drift, pinned here and nowhere else.
 * Every other test walks the route table and the content; a change here is a change to the product, made on purpose.
 */

/** The overlay menu's links, in order. */
export const SPEC_MENU = [
  { label: 'Home', path: '/home' },
  { label: 'About Us', path: '/about' },
  { label: 'Our Products', path: '/products' },
  { label: 'Legal', path: '/legal' },
] as const;

/** The five product categories, in the order of their cards, each with its address and its list's headings. */
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

/** The legal page's three tabs, Terms of Use first and selected by default. */
export const SPEC_LEGAL_TABS = ['Terms of Use', 'Privacy Policy', 'Disclaimer'] as const;

/** The About page's three sections, in order, and the two values the company states. */
export const SPEC_ABOUT_SECTIONS = ['About Us', 'Values', 'What We Provide'] as const;
export const SPEC_VALUES = ['Confidentiality', 'Data protection'] as const;

/** What the buyer gets and what the supplier pays, as the copy states them. */
export const SPEC_SERVICE = { document: 'Letter of Intent (LOI)', offers: 'three offers', commission: '0.05 to 2 percent' } as const;

/** Each product card's button. */
export const SPEC_READ_MORE = 'Read More';

/** The home screen: its tagline and its button to the About page. */
export const SPEC_HOME = { path: '/home', tagline: 'Procurement Perfected', cta: 'READ MORE', ctaPath: '/about' } as const;

/** The pages drawn on ink, with the light logo and icons. */
export const SPEC_LIGHT_PAGES = ['/about', '/products'] as const;

/** The contact and hours block is left out on the home screen only. */
export const SPEC_NO_FOOTER = ['/home'] as const;

/** The year of the copyright line. */
export const SPEC_COPYRIGHT_YEAR = 2023;

/** The fallback screen's heading. */
export const SPEC_ERROR_HEADING = 'Unexpected Application Error!';

/** The business hours, as the footer prints them. */
export const SPEC_HOURS = { days: 'Monday to Friday', hours: '9:00 am to 6:00 pm GMT' } as const;

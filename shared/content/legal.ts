import type { CompanyFacts, LegalDocument } from './schema.ts';

const UPDATED = '2023-06-01';

function terms(c: CompanyFacts): LegalDocument {
  return {
    id: 'terms',
    tabLabel: 'Terms of Use',
    title: 'Terms of Use',
    updated: UPDATED,
    intro: [
      `These terms govern your use of the website at ${c.publicUrl}, operated by ${c.brandName} ("we", "us", "our").`,
      'By using the website you accept these terms. If you do not accept them, please do not use the website.',
    ],
    sections: [
      {
        heading: 'Use of the website',
        paragraphs: [
          'The website describes our procurement services for business buyers. You may view, download and print its content for your own personal, non-commercial use.',
          'You may not copy, reproduce, republish, sell or distribute any part of the website for commercial purposes without our prior written consent.',
          'You must not use the website in a way that is unlawful, that harms the website or its availability, or that interferes with anyone else’s use of it.',
        ],
      },
      {
        heading: 'Copyright and trademarks',
        paragraphs: [
          `All content on the website, including text, illustrations, logos and layout, is owned by ${c.brandName} or its licensors and is protected by copyright and other intellectual property laws.`,
          `The name ${c.brandName} and its logo are our trademarks. Nothing on the website grants you a licence to use them.`,
          'Any other names or marks shown on the website belong to their respective owners.',
        ],
      },
      {
        heading: 'Disclaimers and limitation of liability',
        paragraphs: [
          'The website is provided "as is" and "as available". We aim to keep it accurate and up to date, but we give no warranty that its content is complete, accurate or current, or that the website will be available without interruption.',
          'The content of the website is general information. It is not an offer to sell or supply any product and does not form part of any contract.',
          'To the extent permitted by law, we are not liable for any loss or damage arising from your use of, or reliance on, the website. This includes indirect or consequential loss, and loss of profit, revenue, business or data.',
          'Nothing in these terms excludes or limits liability that cannot be excluded or limited under the law of England and Wales, such as liability for death or personal injury caused by negligence, or for fraud.',
          'Our services to clients are governed by the separate agreement we make with each client, not by these terms.',
        ],
      },
      {
        heading: 'Links to other websites',
        paragraphs: [
          'The website may contain links to websites operated by others, such as our company page on a professional network.',
          'We provide these links for convenience only. We do not control those websites and are not responsible for their content, availability or privacy practices.',
        ],
      },
      {
        heading: 'Changes to these terms',
        paragraphs: [
          'We may revise these terms at any time by updating this page. The date at the top shows when they were last changed.',
          'Please check this page from time to time. Your continued use of the website after a change means you accept the revised terms.',
        ],
      },
      {
        heading: 'Governing law',
        paragraphs: [
          'These terms, and any dispute or claim arising out of or in connection with them or the website, are governed by the law of England and Wales.',
          'The courts of England and Wales have exclusive jurisdiction over any such dispute or claim.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          `If you have a question about these terms, please write to us at ${c.generalEmail}.`,
        ],
      },
    ],
  };
}

function privacy(c: CompanyFacts): LegalDocument {
  return {
    id: 'privacy',
    tabLabel: 'Privacy Policy',
    title: 'Privacy Policy',
    updated: UPDATED,
    intro: [
      `This policy explains how ${c.brandName} ("we", "us", "our") collects and uses personal data. We are the controller of the personal data described here.`,
      'Confidentiality is central to our service. We collect only what we need, and we protect it.',
    ],
    sections: [
      {
        heading: 'What data we collect',
        paragraphs: [
          'We collect personal data that you give us directly, in the following situations:',
        ],
        list: [
          'When you contact us by e-mail: your name, e-mail address, organisation and the content of your message.',
          'When you use our services: your company and contact details and the details of your Letter of Intent (LOI), such as products, specifications, quantities, delivery terms and timing.',
          'When you sign up for a newsletter: your name and e-mail address.',
        ],
      },
      {
        heading: 'What the website does not collect',
        paragraphs: [
          'The website itself sets no cookies and makes no tracking or analytics requests. Browsing it does not send us any personal data.',
          'Our hosting provider may keep standard server logs, such as IP addresses and request times, for security and operation of the service.',
        ],
      },
      {
        heading: 'How we use your data',
        paragraphs: [
          'We use your data to answer your enquiries, to carry out procurement requests on your behalf, to present offers to you and to manage our relationship with you.',
          'If you have signed up for a newsletter, we use your e-mail address to send it. You can unsubscribe at any time.',
          'We do not sell your data, and we do not use it for automated decision-making.',
        ],
      },
      {
        heading: 'Confidentiality of buyer requests',
        paragraphs: [
          'When you send us an LOI, we issue a matching LOI under our own company name. Suppliers see our name, not yours.',
          'We do not circulate your identity or your request in the market. Only our staff who work on your request have access to it.',
        ],
      },
      {
        heading: 'Legal bases',
        paragraphs: [
          'Under the UK General Data Protection Regulation (UK GDPR) we rely on the following legal bases:',
        ],
        list: [
          'Contract: to take steps at your request and to provide our services.',
          'Legitimate interests: to answer enquiries and to run and protect our business.',
          'Consent: to send a newsletter. You may withdraw consent at any time.',
          'Legal obligation: to keep records required by law.',
        ],
      },
      {
        heading: 'Sharing your data',
        paragraphs: [
          'Suppliers receive only the product details they need to quote. They never receive your identity without your consent.',
          'We may share data with service providers who support our business, such as e-mail and hosting providers, under contracts that require them to protect it. We may also disclose data where the law requires it.',
        ],
      },
      {
        heading: 'Retention',
        paragraphs: [
          'We keep enquiry data for as long as needed to deal with your enquiry. We keep data related to our services for the duration of our relationship and for up to six years afterwards, to meet legal and accounting obligations.',
          'Newsletter data is kept until you unsubscribe.',
        ],
      },
      {
        heading: 'Data protection and security',
        paragraphs: [
          'We use appropriate technical and organisational measures to protect personal data. These include encrypted connections, access limited to staff who need it, and confidentiality obligations for staff and service providers.',
          'Where data is transferred outside the United Kingdom, we use safeguards recognised under UK data protection law.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'Subject to the law, you have the right to access your data, to have it corrected or erased, to restrict or object to its use, and to data portability.',
          'You also have the right to complain to the Information Commissioner’s Office (ICO). We would, however, appreciate the chance to address your concern first.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          `To exercise your rights or to ask about this policy, please write to us at ${c.generalEmail}.`,
        ],
      },
    ],
  };
}

function disclaimer(c: CompanyFacts): LegalDocument {
  return {
    id: 'disclaimer',
    tabLabel: 'Disclaimer',
    title: 'Disclaimer',
    updated: UPDATED,
    intro: [
      `This disclaimer applies to the website at ${c.publicUrl}, operated by ${c.brandName}. Please read it together with our Terms of Use.`,
    ],
    sections: [
      {
        heading: 'General information only',
        paragraphs: [
          'The information on the website is general. It describes our services and the kinds of products we source.',
          'It is not professional, legal, financial, technical or commercial advice. You should not rely on it to make a purchasing decision without seeking advice suited to your circumstances.',
        ],
      },
      {
        heading: 'No warranty',
        paragraphs: [
          'We take care in preparing the website, but we make no representation or warranty, express or implied, that its content is accurate, complete or up to date.',
          'Markets, prices and regulations change often. Information that was correct when published may no longer be correct when you read it.',
          'Content may change without notice.',
        ],
      },
      {
        heading: 'Product categories',
        paragraphs: [
          'The product categories and items listed on the website are indicative. They show the kinds of products we source; they are not a catalogue or a stock list.',
          'Availability, specifications, prices and lead times depend on the market and on our suppliers at the time of a request. Listing a product is not an offer to supply it.',
          'Any offer we present is subject to the terms agreed for that transaction.',
        ],
      },
      {
        heading: 'Our role as an intermediary',
        paragraphs: [
          'We are a procurement intermediary. We do not manufacture, store or ship the products we source.',
          'Offers we present come from independent suppliers. Each supplier is responsible for the quality, conformity and delivery of its products under the contract it makes.',
          'References on the website to grades, standards and specifications are for identification only. The specification that applies is the one agreed for each transaction.',
        ],
      },
      {
        heading: 'Availability of the website',
        paragraphs: [
          'We do not guarantee that the website will be available at all times or free of errors. We may suspend, change or withdraw any part of it without notice.',
        ],
      },
      {
        heading: 'No liability',
        paragraphs: [
          'To the extent permitted by law, we accept no liability for any loss or damage, direct or indirect, that arises from the use of, or reliance on, information on the website.',
          'Nothing in this disclaimer excludes liability that cannot be excluded by law.',
        ],
      },
      {
        heading: 'External links',
        paragraphs: [
          'The website may link to websites operated by others. We do not control them and are not responsible for their content, accuracy or availability.',
          'A link does not mean that we endorse the linked website or its owner.',
        ],
      },
      {
        heading: 'Changes to this disclaimer',
        paragraphs: [
          'We may update this disclaimer at any time by changing this page. The date at the top shows when it was last changed.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          `If you have a question about this disclaimer, please write to us at ${c.generalEmail}.`,
        ],
      },
    ],
  };
}

/** The three documents of the Legal screen, in tab order. */
export function legalDocuments(c: CompanyFacts): readonly LegalDocument[] {
  return [terms(c), privacy(c), disclaimer(c)];
}

import type { ProductCategory } from './schema.ts';

/** The product categories, in the order shown on /products; each gets its page (shared/routes.ts). */
export const productCategories: readonly ProductCategory[] = [
  {
    slug: 'energy-and-fuel',
    title: 'Energy and Fuel',
    subtitle: 'Fuels, power generation and storage',
    description:
      'Refined fuels, generators, batteries and renewable energy equipment, sourced from established producers and distributors.',
    intro:
      'We source refined fuels in bulk as well as the equipment to generate, store and manage power on site. Your requirements go to the market under our name, so your volumes and delivery windows stay private. You receive three comparable offers, free of charge.',
    image: {
      file: 'energy-and-fuel.svg',
      alt: 'Illustration of a fuel drop beside a wind turbine',
    },
    headings: [
      {
        heading: 'Fuels',
        items: [
          'Diesel (EN 590)',
          'Jet A-1',
          'Liquefied petroleum gas (LPG)',
          'Heavy fuel oil',
          'Marine gasoil',
          'Unleaded petrol (EN 228)',
        ],
      },
      {
        heading: 'Generators',
        items: [
          'Diesel generator sets',
          'Gas generator sets',
          'Portable petrol generators',
          'Standby generators with automatic transfer switch',
          'Containerised power plants',
        ],
      },
      {
        heading: 'Batteries',
        items: [
          'Lithium iron phosphate (LiFePO4) batteries',
          'Lead-acid batteries',
          'Valve-regulated lead-acid (VRLA) batteries',
          'Nickel-cadmium industrial batteries',
          'Traction batteries for forklifts',
        ],
      },
      {
        heading: 'Solar Energy Solutions',
        items: [
          'Monocrystalline photovoltaic modules',
          'String and central inverters',
          'Mounting structures for rooftop and ground arrays',
          'Solar charge controllers',
          'Solar water heaters',
        ],
      },
      {
        heading: 'Wind Power Solutions',
        items: [
          'Small wind turbines',
          'Turbine blades and spare parts',
          'Towers and foundations',
          'Wind turbine gearboxes',
          'Anemometers and wind measurement masts',
        ],
      },
      {
        heading: 'Energy Storage and Power Conversion',
        items: [
          'Battery energy storage systems (BESS)',
          'Hybrid inverters',
          'Uninterruptible power supplies (UPS)',
          'Power transformers',
          'Rectifiers and DC power systems',
        ],
      },
      {
        heading: 'Energy Efficiency and Management',
        items: [
          'Smart electricity meters',
          'Energy management systems',
          'LED lighting fittings',
          'Variable frequency drives',
          'Power factor correction units',
        ],
      },
    ],
  },
  {
    slug: 'agriculture-inputs',
    title: 'Agricultural Inputs',
    subtitle: 'From seed to harvest and livestock',
    description:
      'Seeds, fertilisers, crop protection, irrigation and farm equipment for growers, cooperatives and agribusinesses.',
    intro:
      'We source the inputs a farming operation needs across the season, from certified seed and fertiliser to irrigation systems and livestock feed. Prices in this market move with the season, so we ask several suppliers at once and compare like with like. You receive the three offers that best fit your specification and timing.',
    image: {
      file: 'agriculture-inputs.svg',
      alt: 'Illustration of a seedling growing above rows of a ploughed field',
    },
    headings: [
      {
        heading: 'Seeds and Planting Material',
        items: [
          'Certified hybrid maize seed',
          'Wheat seed',
          'Soybean seed',
          'Vegetable seeds',
          'Seed potatoes',
          'Fruit tree seedlings',
        ],
      },
      {
        heading: 'Fertilizers',
        items: [
          'Urea (46 % N)',
          'Diammonium phosphate (DAP)',
          'NPK 15-15-15',
          'Muriate of potash (MOP)',
          'Ammonium sulphate',
          'Calcium ammonium nitrate (CAN)',
        ],
      },
      {
        heading: 'Crop Protection',
        items: [
          'Herbicides',
          'Insecticides',
          'Fungicides',
          'Biological pest control agents',
          'Knapsack and boom sprayers',
        ],
      },
      {
        heading: 'Soil Amendments',
        items: [
          'Agricultural lime',
          'Gypsum',
          'Compost',
          'Biochar',
          'Humic and fulvic acids',
        ],
      },
      {
        heading: 'Irrigation and Water Management',
        items: [
          'Drip irrigation lines',
          'Centre pivot systems',
          'Sprinklers and micro-sprinklers',
          'Solar-powered water pumps',
          'HDPE pipes and fittings',
        ],
      },
      {
        heading: 'Agricultural Equipment',
        items: [
          'Tractors',
          'Ploughs and harrows',
          'Seed drills and planters',
          'Combine harvesters',
          'Grain dryers and storage silos',
        ],
      },
      {
        heading: 'Livestock Inputs',
        items: [
          'Compound animal feed',
          'Mineral and vitamin premixes',
          'Veterinary medicines and vaccines',
          'Drinkers and feeders',
          'Milking equipment',
        ],
      },
      {
        heading: 'Greenhouse Supplies',
        items: [
          'Greenhouse structures',
          'UV-stabilised polyethylene film',
          'Shade netting',
          'Growing substrates',
          'Climate control equipment',
        ],
      },
      {
        heading: 'Supportive Inputs',
        items: [
          'Agricultural mulch film',
          'Woven polypropylene sacks',
          'Bale wrap and twine',
          'Soil testing kits',
          'Crop storage bags',
        ],
      },
      {
        heading: 'Agroforestry and Landscaping',
        items: [
          'Forestry tree seedlings',
          'Tree guards and stakes',
          'Turf grass seed',
          'Ornamental plants',
          'Windbreak netting',
        ],
      },
    ],
  },
  {
    slug: 'industrial-chemicals',
    title: 'Industrial Chemicals',
    subtitle: 'Bulk and specialty chemicals',
    description:
      'Solvents, acids, polymers, gases and specialty chemicals for manufacturing, processing and water treatment.',
    intro:
      'We source commodity and specialty chemicals in the grades, purities and pack sizes your process requires. We ask suppliers for certificates of analysis and safety data sheets with each quotation. You receive three offers that can be compared on specification, price and delivery terms.',
    image: {
      file: 'industrial-chemicals.svg',
      alt: 'Illustration of a laboratory flask with molecules rising from it',
    },
    headings: [
      {
        heading: 'Solvents',
        items: [
          'Acetone',
          'Methanol',
          'Isopropyl alcohol (IPA)',
          'Toluene',
          'Ethyl acetate',
        ],
      },
      {
        heading: 'Acids and Bases',
        items: [
          'Sulphuric acid (98 %)',
          'Hydrochloric acid',
          'Nitric acid',
          'Caustic soda (sodium hydroxide)',
          'Soda ash (sodium carbonate)',
        ],
      },
      {
        heading: 'Plastics and Polymers',
        items: [
          'High-density polyethylene (HDPE)',
          'Polypropylene (PP)',
          'Polyvinyl chloride (PVC) resin',
          'Polyethylene terephthalate (PET) chips',
          'Acrylonitrile butadiene styrene (ABS)',
        ],
      },
      {
        heading: 'Specialty Gases',
        items: [
          'Nitrogen',
          'Argon',
          'Carbon dioxide',
          'Helium',
          'Calibration gas mixtures',
        ],
      },
      {
        heading: 'Petrochemicals',
        items: [
          'Ethylene',
          'Propylene',
          'Benzene',
          'Mixed xylenes',
          'Methyl tert-butyl ether (MTBE)',
        ],
      },
      {
        heading: 'Cleaning Agents',
        items: [
          'Linear alkylbenzene sulphonic acid (LABSA)',
          'Sodium lauryl ether sulphate (SLES)',
          'Sodium hypochlorite',
          'Industrial degreasers',
          'Clean-in-place (CIP) detergents',
        ],
      },
      {
        heading: 'Adhesives and Sealants',
        items: [
          'Epoxy adhesives',
          'Polyurethane sealants',
          'Hot-melt adhesives',
          'Silicone sealants',
          'Cyanoacrylate adhesives',
        ],
      },
      {
        heading: 'Agricultural Chemicals',
        items: [
          'Glyphosate technical',
          '2,4-D amine salt',
          'Mancozeb',
          'Ammonium nitrate',
          'Chelated micronutrients',
        ],
      },
      {
        heading: 'Textile Chemicals',
        items: [
          'Reactive dyes',
          'Disperse dyes',
          'Wetting agents',
          'Fabric softeners',
          'Optical brightening agents',
        ],
      },
      {
        heading: 'Food Grade Chemicals',
        items: [
          'Citric acid',
          'Sodium benzoate',
          'Phosphoric acid (food grade)',
          'Ascorbic acid',
          'Xanthan gum',
        ],
      },
      {
        heading: 'Pharmaceutical Ingredients',
        items: [
          'Paracetamol (API)',
          'Microcrystalline cellulose',
          'Lactose monohydrate',
          'Glycerine (USP/Ph. Eur.)',
          'Magnesium stearate',
        ],
      },
      {
        heading: 'Water Treatment Chemicals',
        items: [
          'Aluminium sulphate',
          'Ferric chloride',
          'Polyaluminium chloride (PAC)',
          'Calcium hypochlorite',
          'Polyacrylamide flocculants',
          'Ion exchange resins',
        ],
      },
      {
        heading: 'Lubricants and Greases',
        items: [
          'Engine oil (SAE 15W-40)',
          'Hydraulic oil (ISO VG 46)',
          'Gear oil',
          'Lithium complex grease',
          'Base oils (Group I and II)',
        ],
      },
      {
        heading: 'Coatings and Paints',
        items: [
          'Titanium dioxide (rutile grade)',
          'Alkyd resins',
          'Epoxy floor coatings',
          'Anti-corrosion primers',
          'Powder coatings',
        ],
      },
      {
        heading: 'Refrigerants',
        items: [
          'R-134a',
          'R-410A',
          'R-32',
          'R-404A',
          'Ammonia (R-717)',
        ],
      },
      {
        heading: 'Rubber Processing Chemicals',
        items: [
          'Carbon black (N330)',
          'Zinc oxide',
          'Stearic acid',
          'Vulcanisation accelerators',
          'Antioxidants and antiozonants',
        ],
      },
    ],
  },
  {
    slug: 'construction-materials',
    title: 'Construction Materials',
    subtitle: 'Structure, finish and infrastructure',
    description:
      'Cement, steel, finishing materials, construction chemicals and site equipment for contractors and developers.',
    intro:
      'We source construction materials for building, civil engineering and infrastructure projects, from cement and reinforcing steel to finishes and site equipment. We check that each offer meets the stated standard and quantity before we present it. Your project details stay confidential throughout.',
    image: {
      file: 'construction-materials.svg',
      alt: 'Illustration of a steel I-beam resting on a stack of bricks',
    },
    headings: [
      {
        heading: 'Basic Building Materials',
        items: [
          'Ordinary Portland cement (CEM I 42.5)',
          'Reinforcing steel bar (B500B)',
          'Sand and crushed aggregates',
          'Concrete blocks',
          'Clay bricks',
          'Structural timber',
        ],
      },
      {
        heading: 'Finishing Materials',
        items: [
          'Ceramic and porcelain tiles',
          'Gypsum plasterboard',
          'Interior and exterior paints',
          'Laminate and vinyl flooring',
          'Float and tempered glass',
        ],
      },
      {
        heading: 'Specialized Construction Materials',
        items: [
          'Structural steel sections',
          'Fire-rated boards',
          'Rigid insulation panels',
          'Precast concrete elements',
          'Sandwich roof and wall panels',
        ],
      },
      {
        heading: 'Infrastructure Materials',
        items: [
          'Bitumen (penetration grade 60/70)',
          'Ductile iron pipes',
          'Precast concrete culverts',
          'Road barriers and guardrails',
          'Geotextiles and geogrids',
        ],
      },
      {
        heading: 'Construction Chemicals',
        items: [
          'Concrete admixtures (superplasticisers)',
          'Waterproofing membranes',
          'Tile adhesives and grouts',
          'Repair mortars',
          'Curing compounds',
        ],
      },
      {
        heading: 'Landscaping Materials',
        items: [
          'Paving slabs and blocks',
          'Kerbstones',
          'Decorative gravel',
          'Topsoil',
          'Retaining wall blocks',
        ],
      },
      {
        heading: 'Construction Tools and Equipment',
        items: [
          'Concrete mixers',
          'Scaffolding systems',
          'Formwork systems',
          'Plate compactors',
          'Excavators and backhoe loaders',
        ],
      },
    ],
  },
  {
    slug: 'textiles',
    title: 'Textiles',
    subtitle: 'Fabrics for apparel and industry',
    description:
      'Apparel, home, technical and industrial fabrics, including non-wovens, composites, leather and sustainable options.',
    intro:
      'We source woven, knitted and non-woven fabrics for garment makers, furnishers and industrial users. We compare offers on composition, weight, finish, minimum order quantity and lead time. You receive the three offers that best fit your specification.',
    image: {
      file: 'textiles.svg',
      alt: 'Illustration of a weaving loom beside a spool of thread',
    },
    headings: [
      {
        heading: 'Apparel Fabrics',
        items: [
          'Cotton poplin',
          'Denim',
          'Polyester-cotton blends',
          'Viscose rayon',
          'Wool suiting',
          'Cotton jersey knit',
        ],
      },
      {
        heading: 'Technical Textiles',
        items: [
          'Aramid fabrics',
          'Glass fibre fabrics',
          'Flame-retardant fabrics',
          'Conveyor belt fabrics',
          'Filtration fabrics',
        ],
      },
      {
        heading: 'Home Textiles',
        items: [
          'Bed linen',
          'Terry towelling',
          'Upholstery fabrics',
          'Curtain fabrics',
          'Table linen',
        ],
      },
      {
        heading: 'Industrial Textiles',
        items: [
          'Canvas and tarpaulin',
          'Polypropylene woven fabric',
          'Flexible intermediate bulk containers (FIBC)',
          'Industrial sewing thread',
          'Webbing and straps',
        ],
      },
      {
        heading: 'Performance Textiles',
        items: [
          'Moisture-wicking knits',
          'Waterproof breathable membranes',
          'Elastane blends',
          'Softshell fabrics',
          'High-visibility fabrics (EN ISO 20471)',
        ],
      },
      {
        heading: 'Eco-friendly Textiles',
        items: [
          'Organic cotton (GOTS certified)',
          'Recycled polyester (GRS certified)',
          'Linen',
          'Hemp fabrics',
          'Lyocell',
        ],
      },
      {
        heading: 'Leather and Faux Leather',
        items: [
          'Full-grain cowhide',
          'Split leather',
          'Sheepskin',
          'PU-coated synthetic leather',
          'PVC-coated synthetic leather',
        ],
      },
      {
        heading: 'Textile Composites',
        items: [
          'Carbon fibre prepregs',
          'Glass fibre reinforcements',
          'Coated fabrics',
          'Laminated fabrics',
          '3D spacer fabrics',
        ],
      },
      {
        heading: 'Non-woven Fabrics',
        items: [
          'Spunbond polypropylene',
          'Meltblown fabric',
          'Needle-punched felt',
          'Spunlace non-wovens',
          'Thermal-bonded wadding',
        ],
      },
      {
        heading: 'Specialty Fabrics',
        items: [
          'Antimicrobial fabrics',
          'Medical textiles',
          'Protective workwear fabrics',
          'Conductive fabrics',
          'Blackout fabrics',
        ],
      },
    ],
  },
];

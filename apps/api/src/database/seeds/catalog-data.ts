/** Demo catalogue of a Nigerian marketplace: categories, sub-categories and item templates. */
export interface ItemTemplate {
  names: string[];
  /** Naira range. */
  price: [number, number];
  description: string;
}

export const DEMO_CATEGORIES: { name: string; color: string; children: Record<string, ItemTemplate> }[] = [
  {
    name: 'Phones & Tablets',
    color: '#0b7a4b',
    children: {
      'Mobile Phones': {
        names: [
          'iPhone 13 128GB',
          'iPhone 12 Pro Max',
          'Samsung Galaxy S22',
          'Tecno Camon 20 Pro',
          'Infinix Note 30',
          'Redmi Note 12',
          'itel S23',
          'Google Pixel 7',
        ],
        price: [85000, 780000],
        description: 'Neat phone, no scratches, battery health above 85%. Comes with charger. Test before you pay.',
      },
      Tablets: {
        names: ['iPad 9th Gen 64GB', 'Samsung Galaxy Tab A8', 'Lenovo Tab M10', 'Amazon Fire HD 10'],
        price: [65000, 420000],
        description: 'Good for school and Netflix. Screen perfect, charges fast.',
      },
      'Phone Accessories': {
        names: ['Oraimo power bank 20000mAh', 'Apple AirPods Pro', 'Fast charger 65W', 'Oraimo FreePods 4 earbuds'],
        price: [4500, 145000],
        description: 'Original, sealed in box. Warranty from the shop.',
      },
    },
  },
  {
    name: 'Electronics',
    color: '#1f4e9c',
    children: {
      TVs: {
        names: [
          'LG 43 inch Smart TV',
          'Samsung 55 inch 4K TV',
          'Hisense 32 inch LED TV',
          'TCL 50 inch Android TV',
          'Sony Bravia 49 inch television',
          'Skyworth 40 inch television',
        ],
        price: [110000, 650000],
        description: 'Bright picture, remote and wall bracket included. Delivery within Lagos available.',
      },
      'Laptops & Computers': {
        names: ['HP EliteBook 840 G5', 'MacBook Air M1', 'Dell Latitude 7490', 'Lenovo ThinkPad T480'],
        price: [180000, 950000],
        description: 'Core i5/i7 laptop, 8–16GB RAM, SSD. Clean UK used with charger.',
      },
      'Air Conditioners': {
        names: ['LG 1.5HP split air conditioner', 'Hisense 1HP inverter AC', 'Panasonic 2HP split unit', 'Standing air conditioner 3HP'],
        price: [180000, 950000],
        description: 'Cools fast, low power use. Installation available.',
      },
      Audio: {
        names: ['JBL Flip 6 speaker', 'Sony home theatre system', 'Bluetooth soundbar', 'Itel rechargeable radio'],
        price: [9000, 320000],
        description: 'Loud and clear. Bluetooth, USB and AUX.',
      },
    },
  },
  {
    name: 'Vehicles',
    color: '#7a3b0b',
    children: {
      Cars: {
        names: [
          'Toyota Corolla 2012',
          'Honda Accord 2010',
          'Toyota Camry 2014',
          'Lexus RX 350 2011',
          'Kia Rio 2015',
          'Tokunbo Toyota Sienna 2010',
        ],
        price: [3800000, 18500000],
        description: 'Registered, first body, AC chilling. Buy and drive.',
      },
      Motorcycles: {
        names: [
          'Bajaj Boxer BM150',
          'Qlink motorcycle',
          'TVS Apache 160',
          'Bajaj RE tricycle (keke napep)',
          'Haojue motorbike 125cc',
          'TVS King tricycle',
        ],
        price: [650000, 3500000],
        description: 'Strong engine, papers complete.',
      },
      'Vehicle Parts': {
        names: ['Toyota Corolla headlamp', 'Car battery 75Ah', 'Alloy rims 17 inch (set of 4)'],
        price: [25000, 420000],
        description: 'Tokunbo parts in good condition.',
      },
    },
  },
  {
    name: 'Fashion',
    color: '#9c1f6b',
    children: {
      "Men's Fashion": {
        names: ['Senator native wear', 'Agbada set (3 piece)', 'Plain polo shirts (pack of 3)', 'Kaftan with cap'],
        price: [8000, 95000],
        description: 'Sewn by a Lagos tailor. Sizes M to XXL.',
      },
      "Women's Fashion": {
        names: ['Ankara maxi dress', 'Aso-oke gele and ipele', 'Lace asoebi (5 yards)', 'Adire two-piece'],
        price: [7500, 120000],
        description: 'Quality fabric, colour does not run. Custom sizes on request.',
      },
      Shoes: {
        names: ['Leather palm slippers', 'Nike Air Force 1 sneakers', 'Handmade Aba loafers', 'Ladies block heels'],
        price: [6500, 85000],
        description: 'Durable sole, sizes 38–46.',
      },
    },
  },
  {
    name: 'Home & Furniture',
    color: '#4b6b0b',
    children: {
      Furniture: {
        names: ['3-seater leather sofa', 'Dining table with 6 chairs', 'Wooden wardrobe', 'Office chair'],
        price: [45000, 850000],
        description: 'Solid wood, well finished. Delivery can be arranged.',
      },
      Kitchen: {
        names: [
          'Binatone blender',
          'Gas cooker 4 burner',
          'Non-stick pot set',
          'Chest freezer 200L',
          'Hisense double door refrigerator',
          'Thermocool deep freezer 300L',
        ],
        price: [12000, 380000],
        description: 'Brand new in box, with receipt.',
      },
      Generators: {
        names: ['Sumec Firman 3.5kVA generator', 'Elepaq 2.8kVA generator', 'Inverter 1.5kVA with battery'],
        price: [120000, 850000],
        description: 'Strong generator, key start, low fuel use.',
      },
    },
  },
  {
    name: 'Property',
    color: '#5a2d82',
    children: {
      'Land & Plots': {
        names: ['Plot of land with C of O', 'Half plot in a gated estate', 'Two plots, dry land'],
        price: [2500000, 35000000],
        description: 'Dry land, good road, documents available for inspection.',
      },
    },
  },
  {
    name: 'Babies & Kids',
    color: '#c2571a',
    children: {
      Toys: {
        names: ['Kids ride-on car', 'Lego classic set', 'Educational tablet for kids'],
        price: [9000, 150000],
        description: 'Safe for children, batteries included.',
      },
      'Baby Gear': {
        names: ['Baby stroller', 'Baby cot with mattress', 'Car seat'],
        price: [25000, 180000],
        description: 'Neatly used, washed and clean.',
      },
    },
  },
  {
    name: 'Health & Beauty',
    color: '#b0245c',
    children: {
      'Hair & Wigs': {
        names: ['Bone straight human hair wig 20 inch', 'Braided wig', 'Hair dryer'],
        price: [15000, 260000],
        description: 'Full and soft, can be dyed.',
      },
      Skincare: {
        names: ['Shea butter (1kg)', 'Black soap set', 'Vitamin C serum'],
        price: [2500, 35000],
        description: 'Natural ingredients, made in Nigeria.',
      },
    },
  },
  {
    name: 'Agriculture & Food',
    color: '#2e7d32',
    children: {
      'Farm Produce': {
        names: ['Bag of rice (50kg)', 'Tubers of yam (10)', 'Basket of tomatoes', 'Bag of garri (50kg)'],
        price: [9000, 85000],
        description: 'Fresh from the farm, delivery within the city.',
      },
      Livestock: {
        names: ['Ram for sale', 'Broiler chickens (10)', 'Catfish (50 pieces)'],
        price: [25000, 280000],
        description: 'Healthy and well fed.',
      },
    },
  },
  {
    name: 'Jobs & Services',
    color: '#37474f',
    children: {
      Repairs: {
        names: ['Phone screen replacement', 'AC installation and repair', 'Generator servicing'],
        price: [5000, 60000],
        description: 'Experienced technician, fast service, warranty on work.',
      },
    },
  },
];

/** Cities of the fixed list (docs/delivery.md: Location) the demo listings are spread over. */
export const DEMO_LOCATIONS = [
  'Ikeja',
  'Lekki',
  'Yaba',
  'Surulere',
  'Wuse',
  'Garki',
  'Port Harcourt',
  'Ibadan',
  'Kano',
  'Enugu',
  'Benin City',
  'Kaduna',
  'Abeokuta',
  'Onitsha',
  'Jos',
];

export const DEMO_COMMISSION =
  'Kasuwa keeps a 5% commission on each completed sale; it is deducted before the payout to your bank account. Listing is free. By posting you confirm the item is yours to sell and described honestly.';

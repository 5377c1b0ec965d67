// Every message of the product error texts that belongs to a screen appears on that screen in the situation it describes.
// A table of { text, screen, how }: `how` drives a fresh page into the situation (a forced failure, an empty account, a
// missing reference...), then the driver waits for the exact text (case-sensitive). One test per area collects every
// missing text, so one failure does not hide the rest. `how: SAME` checks the page the case before left behind.
//
// the product error texts texts that are not cases, on purpose:
// - 'An unexpected error occurred': the central handler's last resort. Every call a screen makes names its own fallback
//   (the cases below), so it cannot show. 'Network Error', the HTTP client's own text, is a case.
// - Timeout texts of the HTTP client: the client has no timeout (the product error texts), so none can appear.
// - "the error message" / "the server message" variants: the server's own words, not fixed texts.
// - "Signup failure and category/commission save failures are only logged", "Order-detail status failures are only
//   logged", "Cart load failures are logged only", "The server's own error catalogue is not shown": nothing to show.
// docs/accounts-and-roles.md: admin signup files a request, so the 'Admin create failed' fallback belongs to approving a request.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, api, BASE, DEMO_PASSWORD, launch, newPage, registerUser, snap, uniqueEmail } from './helpers.mjs';

const SAME = 'the page the case before left behind';
const NOTHING = 'zqxj-nothing-matches-this';
const ctx = {}; // accounts, a listing and tokens made through the API in before()
let browser;

before(async () => {
  browser = await launch();
  ctx.demo = await login('ada@kasuwa.test', DEMO_PASSWORD); // a signed-in user with a history, for failures
  ctx.fresh = await register('empty'); // no products, no orders, no seller orders
  ctx.seller = await register('seller'); // one listing with stock for every checkout below, and only these orders
  ctx.product = await postListing(ctx.seller);
  ctx.admin = (await api('/auth/admin/login', { method: 'POST', body: ADMIN })).body.accessToken;
});
after(() => browser?.close());

// ---- set-up through the API -------------------------------------------------------------------------------------
async function login(email, password) {
  const res = await api('/auth/login', { method: 'POST', body: { email, password } });
  assert.equal(res.status, 200, `sign in ${email}`);
  return { token: res.body.accessToken, email, fullName: res.body.user.fullName, id: res.body.user.id };
}
const register = (prefix) => registerUser(`spec-${prefix}`, { firstName: 'Zainab', lastName: 'Bello', password: 'Spec-texts-2026' });
async function postListing(seller) {
  const form = new FormData();
  const fields = {
    productName: 'Spec texts rice cooker',
    productPrice: '18500.00',
    productDescription: 'Five litres, barely used.',
    productLocation: 'Yaba, Lagos',
    productQuantity: '50',
    productType: 'used',
    platformCommissionAgreement: 'agreed',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${BASE}/api/products`, { method: 'POST', headers: { Authorization: `Bearer ${seller.token}` }, body: form });
  assert.equal(res.status, 201, 'the seller posts a listing');
  return (await res.json()).data;
}
/** A fresh buyer's order of the listing, paid (or failed) on the built-in test checkout. */
async function checkout(outcome) {
  const buyer = await register('buyer');
  await api('/products/cart', { method: 'POST', token: buyer.token, body: { products: [{ productID: ctx.product.id, quantity: 1 }] } });
  const order = await api('/orders', {
    method: 'POST',
    token: buyer.token,
    body: { shippingAddress: '3 Allen Avenue, Ikeja', receiverPhoneNumber: '08061234567', deliveryRegion: 'Ikeja, Lagos' },
  });
  const pay = await api('/payments/initialize', {
    method: 'POST',
    token: buyer.token,
    body: { checkoutSessionID: order.body.data.checkoutSessionId },
  });
  const reference = new URL(pay.body.data.transaction.metadata.data.authorization_url).pathname.split('/').pop();
  const res = await fetch(`${BASE}/api/payments/test-checkout/${reference}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  assert.equal(res.status, 303, 'the test checkout records the outcome');
  return { buyer, reference };
}
async function shippedOrder() {
  const { buyer } = await checkout('success');
  const order = (await api('/orders/all', { token: buyer.token })).body.data[0];
  for (const status of ['accepted_by_seller', 'shipped']) {
    const res = await api(`/orders/${order.id}/update/status`, {
      method: 'PATCH',
      token: ctx.seller.token,
      body: { paymentStatus: status },
    });
    assert.equal(res.status, 200, `the seller sets ${status}`);
  }
  return order;
}

// ---- browser helpers --------------------------------------------------------------------------------------------
const json =
  (status, body = {}) =>
  (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
/** Answers `method` calls to the API path matching `path` with `handler` (default: a bare 500 without a message). */
function answer(page, method, path, handler = json(500)) {
  return page.route(
    (url) => path.test(url.pathname),
    (route) => (route.request().method() === method ? handler(route) : route.fallback()),
  );
}
/** Stores a session under the keys of the product data model, as the sign-in pages do, then opens `path`. */
async function at(page, user, path) {
  await page.goto('/robots.txt');
  await page.evaluate((u) => {
    if (u.admin) localStorage.setItem('adminToken', u.admin);
    else
      Object.entries({ access_token: u.token, email: u.email, fullName: u.fullName, userId: String(u.id) }).forEach(([k, v]) =>
        localStorage.setItem(k, v),
      );
  }, user);
  await page.goto(path);
}
/**
 * Opens `path` inside the running app (as a tap on a link does), so the page asks the API itself: a first load of a
 * public page comes rendered by the server with its data, and never calls the API for it.
 */
async function inApp(page, path) {
  await page.goto('/contact-us');
  await page.getByRole('heading', { name: 'Contact us' }).first().waitFor();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
const asAdmin = (page, path) => at(page, { admin: ctx.admin }, path);
const adminSearch = (list) => `/app.admin/${list}?filter=${encodeURIComponent(JSON.stringify({ q: NOTHING }))}`;

async function addToCart(page) {
  await page.goto(`/product/${ctx.product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
}
async function checkoutInBrowser(page) {
  await at(page, await register('checkout'), '/');
  await addToCart(page);
  await page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delivery details' });
  await dialog.getByLabel(/^Street address/).fill('12 Awolowo Road, Ikoyi');
  await dialog.getByLabel(/^Receiver number/).fill('08031234567');
  await dialog.getByLabel(/^Delivery state/).selectOption('Lagos');
  await dialog.getByLabel(/^Local government area/).selectOption('Eti Osa');
  await dialog.getByRole('button', { name: 'Proceed to payment' }).click();
}
async function sendContact(page) {
  await page.goto('/contact-us');
  await page.getByLabel(/^Email/).fill('visitor@example.com');
  await page.getByLabel(/^Subject/).fill('Delivery to Abuja');
  await page.getByRole('textbox', { name: /^Message/ }).fill('Do sellers deliver to Abuja?');
  await page.getByRole('button', { name: 'Send message' }).click();
}
async function forgot(page, path, handler) {
  await answer(page, 'POST', /forgot-password$/, handler);
  await page.goto(path);
  await page.getByLabel(/^Email/).fill(ADMIN.email);
  await page.getByRole('button', { name: /^Send/ }).click();
}
async function postProduct(page) {
  await at(page, ctx.demo, '/sell');
  await page.getByLabel(/^Item Name/).fill('Spec texts blender');
  await page.getByLabel(/^State/).selectOption('Kano');
  await page.getByLabel(/^City or area/).selectOption('Kano');
  await page.getByLabel(/^Price/).fill('25000');
  await page.getByLabel(/commission terms/).check();
  await page.getByRole('button', { name: 'Post Product' }).click();
}
async function editProfile(page) {
  await at(page, ctx.fresh, '/profile');
  await page.getByRole('button', { name: /Complete Profile|Edit Profile/ }).click();
  await page.getByLabel(/^Phone/).fill('08031234567');
  await page.getByLabel(/^Gender/).selectOption('Female');
  await page.getByRole('dialog').getByRole('button', { name: /Save/ }).click();
}
async function adminLogin(page, handler) {
  await answer(page, 'POST', /^\/api\/auth\/admin\/login$/, handler);
  await page.goto('/app.admin/login');
  await page.getByLabel(/^Email/).fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
async function adminSignup(page) {
  await page.goto('/app.admin/signup');
  await page.getByLabel(/^Email/).fill(uniqueEmail('request'));
  await page.getByLabel(/^First name/).fill('Halima');
  await page.getByLabel(/^Last name/).fill('Sani');
  await page.getByLabel(/^Phone/).fill('08051234567');
  await page.getByLabel(/^Password/).fill('Admin-request-2026');
  await page.getByRole('button', { name: 'Send request' }).click();
}
async function adminReset(page, confirm) {
  await page.goto('/app.admin/reset-password');
  await page.getByLabel(/^Email/).fill(ADMIN.email);
  await page.getByLabel(/^Reset token/).fill('0123456789abcdef');
  await page.getByLabel(/^New password/).fill('New-password-2026');
  await page.getByLabel(/^Confirm password/).fill(confirm);
  await page.getByRole('button', { name: 'Reset password' }).click();
}
/** Clicks a button, then the button `confirm` of the dialog it opens. */
async function confirmed(page, name, confirm = 'Delete') {
  await page
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: confirm, exact: true }).click();
}

// ---- the table --------------------------------------------------------------------------------------------------
const GUEST = [
  {
    text: 'Failed to fetch products',
    screen: 'home',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/products$/);
      await inApp(p, '/');
    },
  },
  {
    text: 'Network Error',
    screen: 'home (no answer: the HTTP client text)',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/products$/, (r) => r.abort());
      await inApp(p, '/');
    },
  },
  { text: 'No products found', screen: 'home', how: (p) => p.goto(`/?search=${NOTHING}`) },
  { text: 'Product not found.', screen: 'product detail', how: (p) => p.goto('/product/99999999') },
  { text: "We couldn't find the product you're looking for.", screen: 'product detail', how: SAME },
  { text: 'Back to Homepage', screen: 'product detail', how: SAME },
  {
    text: 'Failed to fetch product details.',
    screen: 'product detail',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/products\/\d+$/);
      await inApp(p, `/product/${ctx.product.id}`);
    },
  },
  {
    text: 'An error occurred.',
    screen: 'product detail (no answer)',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/products\/\d+$/, (r) => r.abort());
      await inApp(p, `/product/${ctx.product.id}`);
    },
  },
  {
    text: 'Item removed successfully',
    screen: 'cart drawer',
    how: async (p) => {
      await addToCart(p);
      await p.getByRole('button', { name: /^Remove / }).click();
    },
  },
  {
    text: 'Cart cleared successfully',
    screen: 'cart drawer',
    how: async (p) => {
      await addToCart(p);
      await p.getByRole('button', { name: 'Clear cart' }).click();
    },
  },
  { text: 'Message sent successfully!', screen: 'contact', how: (p) => sendContact(p) },
  {
    text: 'Failed to send message',
    screen: 'contact',
    how: async (p) => {
      await answer(p, 'POST', /^\/api\/contact-us$/);
      await sendContact(p);
    },
  },
  {
    text: 'Password reset instructions have been sent to your email.',
    screen: 'forgot password (no server text)',
    how: (p) => forgot(p, '/forgot-password', json(200)),
  },
];

const USER = [
  { text: 'No products listed yet', screen: 'profile, Products', how: (p) => at(p, ctx.fresh, '/profile') },
  { text: 'No orders yet', screen: 'profile, Orders', how: (p) => at(p, ctx.fresh, '/profile#orders') },
  { text: 'No Seller Orders Yet', screen: "profile, Seller's Orders", how: (p) => at(p, ctx.fresh, '/profile#seller-orders') },
  {
    text: 'Failed to fetch user details',
    screen: 'profile',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/profile\/me$/);
      await at(p, ctx.demo, '/profile');
    },
  },
  {
    text: 'Failed to fetch products',
    screen: 'profile, Products',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/products\/user\/in$/);
      await at(p, ctx.demo, '/profile');
    },
  },
  {
    text: 'Failed to fetch orders',
    screen: 'profile, Orders',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/orders\/all$/);
      await at(p, ctx.demo, '/profile#orders');
    },
  },
  {
    text: 'Failed to fetch seller orders',
    screen: "profile, Seller's Orders",
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/orders\/seller\/all$/);
      await at(p, ctx.demo, '/profile#seller-orders');
    },
  },
  {
    text: 'Failed to update profile',
    screen: 'profile, Edit Profile',
    how: async (p) => {
      await answer(p, 'PUT', /^\/api\/profile\/update$/);
      await editProfile(p);
    },
  },
  { text: 'Failed to edit profile', screen: 'profile, Edit Profile', how: SAME },
  {
    text: 'Failed to update status',
    screen: "profile, Seller's Orders (shipped badge)",
    how: async (p) => {
      const order = await shippedOrder();
      await answer(p, 'PATCH', /^\/api\/orders\/\d+\/update\/status$/);
      await at(p, ctx.seller, '/profile#seller-orders');
      await p.getByRole('button', { name: `Shipped: mark order ${order.orderNumber} as delivered` }).click();
      await p.getByRole('dialog').getByRole('button', { name: 'Mark as Delivered' }).click();
    },
  },
  { text: 'Order not found', screen: 'order detail', how: (p) => at(p, ctx.demo, '/orders/99999999/buyer') },
  {
    text: 'Failed to fetch order details',
    screen: 'order detail',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/orders\/in\/\d+$/);
      await at(p, ctx.demo, '/orders/1/buyer');
    },
  },
  { text: 'No payment reference found', screen: 'payment verification', how: (p) => at(p, ctx.demo, '/payments/verify') },
  {
    text: 'Your payment has been successfully verified',
    screen: 'payment verification',
    how: async (p) => {
      const { buyer, reference } = await checkout('success');
      await at(p, buyer, `/payments/verify?reference=${reference}`);
    },
  },
  {
    text: 'Payment verification failed',
    screen: 'payment verification (failed payment)',
    how: async (p) => {
      const { buyer, reference } = await checkout('failed');
      await at(p, buyer, `/payments/verify?reference=${reference}`);
    },
  },
  {
    text: 'An error occurred while verifying your payment',
    screen: 'payment verification',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/payments\/verify$/);
      await at(p, ctx.demo, '/payments/verify?reference=KSW-any');
    },
  },
  {
    text: 'Failed to add to cart',
    screen: 'product detail',
    how: async (p) => {
      await answer(p, 'POST', /^\/api\/products\/cart$/);
      await at(p, ctx.fresh, `/product/${ctx.product.id}`);
      await p.getByRole('button', { name: 'Add to Cart' }).click();
    },
  },
  {
    text: 'Item removed successfully',
    screen: 'cart drawer (server removal fails)',
    how: async (p) => {
      await at(p, await register('cart'), '/');
      await addToCart(p);
      await answer(p, 'PUT', /^\/api\/products\/cart\/remove\/\d+$/);
      await p.getByRole('button', { name: /^Remove / }).click();
    },
  },
  {
    text: 'Cart cleared',
    match: /^Cart cleared$/,
    screen: 'cart drawer (server clear fails)',
    how: async (p) => {
      await at(p, await register('cart'), '/');
      await addToCart(p);
      await answer(p, 'PUT', /^\/api\/products\/cart\/empty$/);
      await p.getByRole('button', { name: 'Clear cart' }).click();
    },
  },
  {
    text: 'Order created successfully. Redirecting to payment...',
    screen: 'checkout',
    how: async (p) => {
      await answer(p, 'POST', /^\/api\/payments\/initialize$/, json(200));
      await checkoutInBrowser(p);
    },
  },
  { text: 'Payment initialization failed. Please login first.', screen: 'checkout (no payment page address)', how: SAME },
  {
    text: 'Failed to create order',
    screen: 'checkout',
    how: async (p) => {
      await answer(p, 'POST', /^\/api\/orders$/);
      await checkoutInBrowser(p);
    },
  },
  {
    text: 'Failed to initiate payment',
    screen: 'checkout',
    how: async (p) => {
      await answer(p, 'POST', /^\/api\/payments\/initialize$/);
      await checkoutInBrowser(p);
    },
  },
  {
    text: 'Failed to load categories.',
    screen: 'product form',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/category\/categories$/);
      await at(p, ctx.demo, '/sell');
    },
  },
  {
    text: 'Failed to submit product',
    screen: 'product form (post)',
    how: async (p) => {
      await answer(p, 'POST', /^\/api\/products$/);
      await postProduct(p);
    },
  },
  { text: 'Failed to post product', screen: 'product form (post)', how: SAME },
  {
    text: 'Failed to update product',
    screen: 'product form (edit)',
    how: async (p) => {
      await answer(p, 'PUT', /^\/api\/products\/edit\/\d+$/);
      await at(p, ctx.seller, `/products/${ctx.product.id}/edit`);
      await p.getByRole('button', { name: 'Update Product' }).click();
    },
  },
  {
    text: 'Failed to delete',
    screen: 'profile, Products (delete)',
    how: async (p) => {
      await answer(p, 'DELETE', /^\/api\/products\/\d+$/);
      await at(p, ctx.seller, '/profile');
      await confirmed(p, 'Delete Spec Texts Rice Cooker');
    },
  },
];

const BACK_OFFICE = [
  { text: 'Admin login failed', screen: 'login', how: (p) => adminLogin(p, json(500)) },
  { text: 'Authentication failed. Please try again.', screen: 'login (answer without a token)', how: (p) => adminLogin(p, json(200)) },
  { text: 'Login failed. Please try again.', screen: 'login (no answer)', how: (p) => adminLogin(p, (r) => r.abort()) },
  {
    text: 'Admin Signup failed',
    screen: 'signup',
    how: async (p) => {
      await answer(p, 'POST', /^\/api\/auth\/admin\/signup$/);
      await adminSignup(p);
    },
  },
  {
    text: 'Password reset instructions have been sent to your email.',
    screen: 'forgot password (no server text)',
    how: (p) => forgot(p, '/app.admin/forgot-password', json(200, { success: true })),
  },
  { text: 'Admin forgot password failed', screen: 'forgot password', how: (p) => forgot(p, '/app.admin/forgot-password', json(500)) },
  { text: 'Passwords do not match', screen: 'reset password', how: (p) => adminReset(p, 'Other-password-2026') },
  {
    text: 'Admin reset password failed',
    screen: 'reset password',
    how: async (p) => {
      await answer(p, 'POST', /^\/api\/onboarding\/admin\/email\/reset-password$/);
      await adminReset(p, 'New-password-2026');
    },
  },
  {
    text: 'Admin create failed',
    screen: 'admin requests (approve)',
    how: async (p) => {
      const request = {
        email: uniqueEmail('pending-admin'),
        firstName: 'Emeka',
        lastName: 'Okafor',
        phone: '08071234567',
        password: 'Admin-request-2026',
      };
      assert.equal((await api('/auth/admin/signup', { method: 'POST', body: request })).status, 201);
      await answer(p, 'PUT', /^\/api\/admin\/admins\/\d+$/);
      await asAdmin(p, '/app.admin/admins');
      await p.getByRole('button', { name: 'Approve Emeka Okafor' }).first().click();
    },
  },
  {
    text: 'Failed to load dashboard data',
    screen: 'dashboard',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/inner\/admin\/dashboard\/stats$/);
      await asAdmin(p, '/app.admin');
    },
  },
  {
    text: 'No recent orders found',
    screen: 'dashboard (no orders yet)',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/inner\/admin\/dashboard\/stats$/, async (r) => {
        const stats = await (await r.fetch()).json(); // the real answer, as a marketplace with no orders yet gives it
        await r.fulfill({ json: { ...stats, recentData: { ...stats.recentData, orders: [] } } });
      });
      await asAdmin(p, '/app.admin');
    },
  },
  {
    text: 'Failed to fetch users',
    screen: 'users',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/admin\/users$/);
      await asAdmin(p, '/app.admin/users');
    },
  },
  { text: 'No users found', screen: 'users', how: (p) => asAdmin(p, adminSearch('users')) },
  {
    text: 'Failed to fetch user details',
    screen: 'user detail',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/admin\/users\/\d+$/);
      await asAdmin(p, `/app.admin/users/${ctx.seller.id}`);
    },
  },
  {
    text: 'Failed to fetch products',
    screen: 'products',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/admin\/products$/);
      await asAdmin(p, '/app.admin/products');
    },
  },
  { text: 'No products found', screen: 'products', how: (p) => asAdmin(p, adminSearch('products')) },
  {
    text: 'Failed to fetch product details',
    screen: 'product detail',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/admin\/products\/\d+$/);
      await asAdmin(p, `/app.admin/products/${ctx.product.id}`);
    },
  },
  {
    text: 'Failed to delete product',
    screen: 'product detail (delete)',
    how: async (p) => {
      await answer(p, 'DELETE', /^\/api\/admin\/products\/\d+$/);
      await asAdmin(p, `/app.admin/products/${ctx.product.id}`);
      await confirmed(p, 'Delete');
    },
  },
  {
    text: 'Failed to fetch orders',
    screen: 'orders',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/admin\/orders$/);
      await asAdmin(p, '/app.admin/orders');
    },
  },
  { text: 'No orders found', screen: 'orders', how: (p) => asAdmin(p, adminSearch('orders')) },
  {
    text: 'Failed to fetch order details',
    screen: 'order detail',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/admin\/orders\/\d+$/);
      await asAdmin(p, '/app.admin/orders/1/buyer');
    },
  },
  { text: 'Order not found', screen: 'order detail', how: (p) => asAdmin(p, '/app.admin/orders/99999999/buyer') },
  { text: 'No order found with the provided ID', screen: 'order detail', how: SAME },
  {
    text: 'Failed to fetch categories.',
    screen: 'categories',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/admin\/categories$/);
      await asAdmin(p, '/app.admin/categories');
    },
  },
  {
    text: 'Failed to edit category',
    screen: 'categories (edit)',
    how: async (p) => {
      await answer(p, 'PUT', /^\/api\/admin\/categories\/\d+$/);
      await asAdmin(p, '/app.admin/categories');
      await confirmed(p, /^Edit category /, 'Save');
    },
  },
  {
    text: 'Failed to fetch commissions.',
    screen: 'commissions',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/admin\/commissions$/);
      await asAdmin(p, '/app.admin/commissions');
    },
  },
  {
    text: 'No commissions found',
    screen: 'commissions (none yet)',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/admin\/commissions$/, (r) =>
        r.fulfill({ json: [], headers: { 'Content-Range': 'commissions 0-0/0' } }),
      );
      await asAdmin(p, '/app.admin/commissions');
    },
  },
  {
    text: 'Failed to delete commission. Please try again.',
    screen: 'commissions (delete)',
    how: async (p) => {
      await answer(p, 'DELETE', /^\/api\/admin\/commissions\/\d+$/);
      await asAdmin(p, '/app.admin/commissions');
      await confirmed(p, /^Delete commission note /);
    },
  },
  {
    text: 'Failed to fetch transactions',
    screen: 'transactions',
    how: async (p) => {
      await answer(p, 'GET', /^\/api\/admin\/transactions$/);
      await asAdmin(p, '/app.admin/transactions');
    },
  },
  { text: 'No transactions found', screen: 'transactions', how: (p) => asAdmin(p, adminSearch('transactions')) },
  { text: 'Try adjusting your filters', screen: 'transactions', how: SAME },
];

// ---- the driver -------------------------------------------------------------------------------------------------
const literal = (text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')); // case-sensitive, unlike exact: false
/** react-admin retries a failed list query three times (about 7 s) before it shows the error. */
const WAIT_MS = 20_000;

async function walk(area, cases) {
  const missing = [];
  let page = null;
  for (const [i, c] of cases.entries()) {
    try {
      if (c.how !== SAME) {
        await page?.context().close();
        page = await newPage(browser);
        await c.how(page);
      }
      await page
        .getByText(c.match ?? literal(c.text))
        .filter({ visible: true })
        .first()
        .waitFor({ timeout: WAIT_MS });
    } catch (err) {
      missing.push(`${c.screen}: "${c.text}" (${String(err.message).split('\n')[0]})`);
      await snap(page, `spec-texts-${area}-${i}-missing`).catch(() => {});
    }
  }
  await page?.context().close();
  assert.deepEqual(missing, [], `${missing.length} of ${cases.length} the product error texts missing (${area}):\n${missing.join('\n')}`);
}

test('the product error texts on the storefront, as a guest', () => walk('guest', GUEST));
test('the product error texts on the storefront, signed in', () => walk('user', USER));
test('the product error texts in the back office', () => walk('admin', BACK_OFFICE));

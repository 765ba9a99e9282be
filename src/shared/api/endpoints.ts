/**
 * The shop's JSON calls that have a contract (src/shared/api/contract.ts): each one's method, path
 * and success status. The server registers each route from here, and the browser's client calls
 * it from here, so neither can name it otherwise. Plain data: the browser loads no schema for it.
 */
export const endpoints = {
  products: { method: 'GET', path: '/api/products', status: 200 },
  product: { method: 'GET', path: '/api/products/:key', status: 200 },
  cart: { method: 'GET', path: '/api/cart/:sessionId', status: 200 },
  addToCart: { method: 'POST', path: '/api/cart', status: 201 },
  setCartQuantity: { method: 'PUT', path: '/api/cart/:itemId', status: 200 },
  claimCart: { method: 'POST', path: '/api/cart/claim', status: 200 },
  findPickupPoints: { method: 'POST', path: '/api/paxi-points', status: 200 },
  previewDiscount: { method: 'POST', path: '/api/checkout/discount', status: 200 },
  openCheckout: { method: 'POST', path: '/api/payments/yoco/create-checkout', status: 200 },
  courierRates: { method: 'POST', path: '/api/delivery/courier-rates', status: 200 },
  saveProfile: { method: 'PUT', path: '/api/profile', status: 200 },
  addAddress: { method: 'POST', path: '/api/profile/addresses', status: 201 },
  updateAddress: { method: 'PUT', path: '/api/profile/addresses/:id', status: 200 },
  makeAddressDefault: { method: 'POST', path: '/api/profile/addresses/:id/default', status: 200 },
  fulfilOrder: { method: 'POST', path: '/api/admin/orders/:id/fulfill', status: 200 },
  bookCourier: { method: 'POST', path: '/api/admin/orders/:id/book-courier', status: 200 },
  markReadyForCollection: { method: 'POST', path: '/api/admin/orders/:id/ready-for-collection', status: 200 },
  markCollected: { method: 'POST', path: '/api/admin/orders/:id/collected', status: 200 },
  markDelivered: { method: 'POST', path: '/api/admin/orders/:id/delivered', status: 200 },
  followCourier: { method: 'POST', path: '/api/admin/orders/:id/track-courier', status: 200 },
  settleOversold: { method: 'POST', path: '/api/admin/orders/:id/oversold-settled', status: 200 },
  addOrderNote: { method: 'POST', path: '/api/admin/orders/:id/notes', status: 200 },
  cancelOrder: { method: 'POST', path: '/api/admin/orders/:id/cancel', status: 200 },
  refundOrder: { method: 'POST', path: '/api/admin/orders/:id/refund', status: 202 },
  sendOrderDigest: { method: 'POST', path: '/api/admin/batch-email', status: 200 },
  markContactHandled: { method: 'POST', path: '/api/admin/contacts/:id/handled', status: 200 },
  auditLog: { method: 'GET', path: '/api/admin/audit-log', status: 200 },
  createDiscountCode: { method: 'POST', path: '/api/admin/discount-codes', status: 201 },
  switchDiscountCode: { method: 'PATCH', path: '/api/admin/discount-codes/:id', status: 200 },
  createProduct: { method: 'POST', path: '/api/admin/products', status: 201 },
  updateProduct: { method: 'PATCH', path: '/api/admin/products/:id', status: 200 },
  updateProductImages: { method: 'PATCH', path: '/api/admin/products/:id/images', status: 200 },
  deleteProductImage: { method: 'DELETE', path: '/api/admin/products/:id/images/:imageId', status: 200 },
  taxDocuments: { method: 'GET', path: '/api/admin/documents', status: 200 },
  vatReport: { method: 'GET', path: '/api/admin/vat-report', status: 200 },
  uploadProductImage: { method: 'POST', path: '/api/admin/products/:id/images', status: 201 },
  syncUser: { method: 'POST', path: '/api/user/sync', status: 200 },
  verifyEmail: { method: 'GET', path: '/api/auth/verify-email', status: 200 },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: `/api/${string}`; status: number }>;

export type EndpointName = keyof typeof endpoints;

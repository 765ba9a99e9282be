import { describe, expect, it } from 'vitest';
import { ApiError } from './api';

describe('a refusal read in the browser', () => {
  it("gives the server's words, its code and that code's details, typed", () => {
    const changed = new ApiError(409, JSON.stringify({ expectedAmount: 25_000, message: 'Your order total is now R250.00.', code: 'cart_changed' }), 'Conflict');
    expect(changed.serverMessage).toBe('Your order total is now R250.00.');
    expect(changed.code).toBe('cart_changed');
    const details = changed.details('cart_changed');
    expect(details?.expectedAmount).toBe(25_000);
    expect(details).toEqual({ expectedAmount: 25_000 });
  });

  it('gives no details for another code, and none from a body that is not JSON', () => {
    const short = new ApiError(409, JSON.stringify({ productId: 'p1', stockQuantity: 2, message: 'Only 2 left.', code: 'out_of_stock' }), 'Conflict');
    expect(short.details('cart_changed')).toBeUndefined();
    expect(short.details('out_of_stock')).toEqual({ productId: 'p1', stockQuantity: 2 });
    const proxy = new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway');
    expect(proxy.code).toBeUndefined();
    expect(proxy.details('conflict')).toBeUndefined();
    expect(proxy.message).toBe('502: <html>Bad gateway</html>');
  });
});

/**
 * What the app needs to run under the shop's Content-Security-Policy (no eval; inline styles only
 * with the page's nonce; src/server/http/security-headers.ts). Imported first by main.tsx, before
 * any other module of the app runs.
 */

// zod tries `new Function` once, as its first object schema is built, to parse faster; the policy
// refuses it and the browser reports the attempt as a violation although zod catches it. Its
// jitless setting skips the attempt. Written to the global that z.config() writes to, so that zod
// itself stays out of the first script: the schemas come with later screens.
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodHolder.__zod_globalConfig = { ...zodHolder.__zod_globalConfig, jitless: true };

// react-remove-scroll (under Radix's modal dialogs) injects a <style> tag with the nonce it gets
// from get-nonce, which reads webpack's global name for it.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (styleNonce) (window as Window & { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce;

// The built-in sandbox provider: the offline stand-in for Stripe's OAuth consent page.
export { sandboxRoutes } from './sandbox.routes.ts';
export {
  isSameOriginRedirect,
  redeemSandboxCode,
  SANDBOX_AUTHORIZE_PATH,
  SANDBOX_CLIENT_ID,
  sandboxAccountId,
} from './sandbox.service.ts';

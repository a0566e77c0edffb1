/** The slice of Google Identity Services used by 'Continue with Google'. */
type PromptMoment = {
  isNotDisplayed?: () => boolean;
  isSkippedMoment?: () => boolean;
  isDismissedMoment?: () => boolean;
  getDismissedReason?: () => string;
};
type GoogleIdentity = {
  accounts: {
    id: {
      initialize: (options: { client_id: string; callback: (response: { credential?: string }) => void }) => void;
      prompt: (listener?: (moment: PromptMoment) => void) => void;
    };
  };
};

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleIdentity> | null = null;

/** Loads the Google identity script once, on demand (docs/product/sign-in.md#google-and-stripe). */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () =>
      window.google ? resolve(window.google) : reject(new Error('Google script loaded without API'));
    script.onerror = () => {
      loading = null; // a later click may try again
      script.remove();
      reject(new Error('Could not load the Google sign-in script'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** True when the prompt will not reach the user, so the button can be enabled again. */
export const promptEnded = (moment: PromptMoment): boolean =>
  Boolean(
    moment.isNotDisplayed?.() ||
      moment.isSkippedMoment?.() ||
      (moment.isDismissedMoment?.() && moment.getDismissedReason?.() !== 'credential_returned'),
  );

import type { Translate } from "~/i18n/translate";
import type { AuthFailure } from "./provider.server";


/** The reason shown under 'Login Failed' / 'Registration Failed', in the active language. */
export function authFailureMessage(failure: AuthFailure, t: Translate, action: "signIn" | "signUp"): string {
  switch (failure.code) {
    case "invalid_credentials":
      return t("account.errors.invalidCredentials");
    case "email_not_confirmed":
      return t("account.errors.emailNotConfirmed");
    case "registration_not_completed":
      return t("account.errors.registrationNotCompleted");
    case "user_already_exists":
      return t("account.errors.userAlreadyRegistered");
    case "weak_password":
      return t("account.errors.weakPassword");
    case "rate_limited":
      return t("account.errors.providerRateLimited");
    case "invalid_link":
      return t("password.reset.invalidText");
    case "provider_error":
      if (failure.message) return failure.message;
      break;
    case "unavailable":
      break;
  }
  const status = failure.status && failure.status >= 400 ? failure.status : 500;
  return t(action === "signIn" ? "account.errors.signInFallback" : "account.errors.signUpFallback", { status });
}

/** The HTTP status of the answer to a failed sign-in or sign-up. */
export function authFailureStatus(failure: AuthFailure, action: "signIn" | "signUp"): number {
  switch (failure.code) {
    case "invalid_credentials":
    case "email_not_confirmed":
      return 401;
    case "rate_limited":
      return 429;
    case "unavailable":
      return 503;
    case "user_already_exists":
    case "registration_not_completed":
    case "weak_password":
      return 400;
    case "invalid_link":
      return 404;
    case "provider_error":
      return failure.status && failure.status >= 400 && failure.status < 500 ? failure.status : action === "signIn" ? 401 : 400;
  }
}

import { useNavigation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";

/** A thin bar at the top while a loader runs (JavaScript on), announced to screen readers. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useT();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-hidden={!busy}
      aria-label={t("common.loading")}
      className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-brand-600 transition-transform duration-500 rtl:origin-right ${
        busy ? "scale-x-75 opacity-100" : "scale-x-0 opacity-0"
      }`}
    />
  );
}

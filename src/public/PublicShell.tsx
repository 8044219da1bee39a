/**
 * The public front door: the public pages in a frame that looks like the admin app's signed-out
 * one (top bar, page, footer, passing messages), made of React and a few MUI parts, without
 * react-admin or react-router (the address is the browser's own, navigation.ts). A crash inside a
 * page shows the 'Ceva nu a funcționat.' panel in its place.
 */
import { lazy, Suspense, useLayoutEffect, useMemo, useState } from "react";
import { ErrorBoundary } from "react-error-boundary";
import Box from "@mui/material/Box";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { ErrorPanel } from "../pages/ErrorPanel";
import { useLocale } from "./locale";
import { PageFrameContext, type PageFrame } from "./pageFrame";
import { navigate, useBrowserLocation } from "./navigation";
import { publicPageAt } from "./publicPages";
import { publicTheme } from "./publicTheme";
import { ShellAppBar } from "./ShellAppBar";
import { ShellFooter } from "./ShellFooter";
import { OnDemand } from "./OnDemand";
import type { Notice } from "./ShellNotification";
import { translate } from "./translate";

const ShellNotification = lazy(() => import("./ShellNotification"));

export function PublicShell() {
  const location = useBrowserLocation();
  const locale = useLocale();
  const [pageTitle, setPageTitle] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  // One component for the whole visit: a page's title shows in the top bar while the page does.
  const [Title] = useState(() => function ShellTitle({ title }: { title: string }) {
    useLayoutEffect(() => {
      setPageTitle(title);
      return () => setPageTitle("");
    }, [title]);
    return null;
  });

  const frame = useMemo<PageFrame>(() => {
    const translateHere: PageFrame["translate"] = (key, options) => translate(locale, key, options);
    return {
      translate: translateHere,
      notify: (message, type = "info") =>
        setNotice((shown) => ({ id: (shown?.id ?? 0) + 1, text: translateHere(message, { _: message }), type })),
      Title,
      location,
      navigate,
    };
  }, [locale, Title, location]);

  return (
    <ThemeProvider theme={publicTheme}>
      <CssBaseline enableColorScheme />
      <PageFrameContext.Provider value={frame}>
        {/* The admin app's frame (react-admin's Layout with layout/Layout.tsx), measure for measure. */}
        <Box sx={{ display: "flex", flexDirection: "column", minHeight: "100vh", width: "100%", position: "relative", zIndex: 1, bgcolor: "background.default" }}>
          <Box sx={{ display: "flex", flexDirection: "column", flexGrow: 1, mt: { xs: 7, sm: 6 } }}>
            <ShellAppBar pageTitle={pageTitle} />
            <Box component="main" sx={{ display: "flex", flexGrow: 1 }}>
              <Box id="main-content" sx={{ display: "flex", flexDirection: "column", flexGrow: 1, flexBasis: 0, minWidth: 0, px: 1, zIndex: 2, bgcolor: "background.default" }}>
                <Box sx={{ flex: 1, display: "flex", flexDirection: "column", p: { xs: 1, sm: 2 } }}>
                  <ErrorBoundary resetKeys={[location.pathname]} fallbackRender={({ error }) => <ErrorPanel error={error} />}>
                    {/* A page fetched when opened (the e-mailed links') shows once its code has come. */}
                    <Suspense fallback={null}>{publicPageAt(location.pathname)}</Suspense>
                  </ErrorBoundary>
                </Box>
                <ShellFooter />
              </Box>
            </Box>
          </Box>
        </Box>
        {notice && (
          <OnDemand>
            <ShellNotification notice={notice} />
          </OnDemand>
        )}
      </PageFrameContext.Provider>
    </ThemeProvider>
  );
}

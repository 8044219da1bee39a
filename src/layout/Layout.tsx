/**
 * The page frame: top bar, the sidebar (only when signed in), the page, and the footer. A crash
 * inside a page shows the 'Ceva nu a funcționat.' panel in place of the page. The page starts
 * afresh when a super-admin switches tenant (TenantScope).
 */
import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { ErrorBoundary } from "react-error-boundary";
import { Layout as RaLayout, Sidebar, type SidebarProps } from "react-admin";
import Box from "@mui/material/Box";
import { useSession } from "../common/useSession";
import { ErrorPanel } from "../pages/ErrorPanel";
import { AppBar } from "./AppBar";
import { Footer } from "./Footer";
import { Menu } from "./Menu";
import { MuiLocale } from "./MuiLocale";
import { SessionWatcher } from "./SessionWatcher";
import { TenantScope } from "./TenantScope";

/** Signed out there is no sidebar at all, not even an empty one. */
function AppSidebar(props: SidebarProps) {
  return useSession() ? <Sidebar {...props} /> : null;
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <MuiLocale>
      <RaLayout
        appBar={AppBar}
        menu={Menu}
        sidebar={AppSidebar}
        error={ErrorPanel}
        appBarAlwaysOn
        // The page is never wider than the screen: a wide table (the customers' 13 columns)
        // scrolls inside its own card. react-admin's frame otherwise grows to fit its content
        // (min-width: fit-content), which scrolled the whole page sideways and pushed the list's
        // toolbar and the top bar's links off the right edge.
        sx={{
          minWidth: 0,
          "& .RaLayout-content, & .RaList-main": { minWidth: 0 },
          "& .RaDatagrid-tableWrapper": { overflowX: "auto" },
        }}
      >
        <SessionWatcher />
        <Box sx={{ flex: 1, display: "flex", flexDirection: "column", p: { xs: 1, sm: 2 } }}>
          {/* Only the page gives way to the crash panel; the footer stays. Navigating away resets it. */}
          <ErrorBoundary resetKeys={[pathname]} fallbackRender={({ error }) => <ErrorPanel error={error} />}>
            <TenantScope>{children}</TenantScope>
          </ErrorBoundary>
        </Box>
        <Footer />
      </RaLayout>
    </MuiLocale>
  );
}

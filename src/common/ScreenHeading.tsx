/**
 * The visible heading of a screen (the app bar's title disappears on small screens). A screen
 * without a react-admin List, Edit or Create (which put their `title` in the top bar themselves)
 * passes `inAppBar` so the top bar names it too, as it names every other screen.
 */
import { Title } from "react-admin";
import Typography from "@mui/material/Typography";

export function ScreenHeading({ children, inAppBar = false }: { children: string; inAppBar?: boolean }) {
  return (
    <>
      {inAppBar && <Title title={children} />}
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {children}
      </Typography>
    </>
  );
}

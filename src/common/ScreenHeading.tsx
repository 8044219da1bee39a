/** The visible heading of a screen (the app bar's title disappears on small screens). */
import Typography from "@mui/material/Typography";

export function ScreenHeading({ children }: { children: string }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
      {children}
    </Typography>
  );
}

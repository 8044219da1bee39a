/**
 * The product's name at the left of the top bar, a link home: the same in the public shell's bar
 * and the admin app's (each provides the page frame it reads its words and moves from).
 */
import Typography from "@mui/material/Typography";
import { FrameLink } from "./FrameLink";
import { usePageFrame } from "./pageFrame";

export function HomeTitle() {
  const { translate } = usePageFrame();
  return (
    <Typography
      component={FrameLink}
      to="/"
      variant="h6"
      sx={{
        color: "inherit",
        textDecoration: "none",
        whiteSpace: "nowrap",
        lineHeight: 1.3,
        fontSize: { xs: "1.1rem", sm: "1.25rem" },
      }}
    >
      {translate("app.title")}
    </Typography>
  );
}

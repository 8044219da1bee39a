/** /about: what the platform is, for whom, and how one gets an account (a word to the contact page). */
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { FrameLink } from "../public/FrameLink";
import { usePageFrame } from "../public/pageFrame";
import { PageCard } from "./PageCard";

export default function About() {
  const { translate } = usePageFrame();
  return (
    <PageCard title={translate("about.title")} maxWidth={760}>
      {(["p1", "p2", "p3"] as const).map((key) => (
        <Typography key={key} paragraph>
          {translate(`about.${key}`)}
        </Typography>
      ))}
      <Button variant="contained" component={FrameLink} to="/contact">
        {translate("about.contact")}
      </Button>
    </PageCard>
  );
}

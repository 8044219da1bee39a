/** /privacy and /terms: a short real text each, from the message files. */
import Typography from "@mui/material/Typography";
import { usePageFrame } from "../public/pageFrame";
import { PageCard } from "./PageCard";

export default function LegalPage({ section }: { section: "privacy" | "terms" }) {
  const { translate } = usePageFrame();
  return (
    <PageCard title={translate(`${section}.title`)} maxWidth={760}>
      {(["p1", "p2", "p3"] as const).map((key) => (
        <Typography key={key} paragraph>
          {translate(`${section}.${key}`)}
        </Typography>
      ))}
    </PageCard>
  );
}

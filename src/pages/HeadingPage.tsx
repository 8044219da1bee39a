/** A page that shows only its heading: the spec's /about ('About Page') and /contact ('Contact Page'). */
import Typography from "@mui/material/Typography";
import { usePageFrame } from "../public/pageFrame";

export default function HeadingPage({ messageKey }: { messageKey: string }) {
  const { translate, Title } = usePageFrame();
  return (
    <>
      <Title title={translate(messageKey)} />
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        {translate(messageKey)}
      </Typography>
    </>
  );
}

/** A page that shows only its heading: the spec's /about ('About Page') and /contact ('Contact Page'). */
import { Title, useTranslate } from "react-admin";
import Typography from "@mui/material/Typography";

export default function HeadingPage({ messageKey }: { messageKey: string }) {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate(messageKey)} />
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        {translate(messageKey)}
      </Typography>
    </>
  );
}

/** /about: the spec's placeholder, showing only 'About Page'. */
import { Title, useTranslate } from "react-admin";
import Typography from "@mui/material/Typography";

export default function About() {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate("about.title")} />
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        {translate("about.title")}
      </Typography>
    </>
  );
}

/** /contact: the spec's placeholder, showing only 'Contact Page'. */
import { Title, useTranslate } from "react-admin";
import Typography from "@mui/material/Typography";

export default function Contact() {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate("contact.title")} />
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        {translate("contact.title")}
      </Typography>
    </>
  );
}

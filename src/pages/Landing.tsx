/** `/` for a visitor: the hero, the way in (ask for access, or sign in) and three feature blocks. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import HandshakeIcon from "@mui/icons-material/Handshake";
import ReceiptIcon from "@mui/icons-material/Receipt";
import StorefrontIcon from "@mui/icons-material/Storefront";
import { FrameLink } from "../public/FrameLink";
import { usePageFrame } from "../public/pageFrame";

const FEATURES = [
  { key: "b2b", icon: HandshakeIcon },
  { key: "invoicing", icon: ReceiptIcon },
  { key: "marketplace", icon: StorefrontIcon },
] as const;

export default function Landing() {
  const { translate, Title } = usePageFrame();
  return (
    <Box sx={{ maxWidth: 1100, mx: "auto", width: "100%" }}>
      <Title title={translate("menu.home")} />
      <Box sx={{ textAlign: "center", py: { xs: 4, md: 8 } }}>
        <Typography variant="h3" component="h1" gutterBottom sx={{ fontWeight: 600, fontSize: { xs: "2rem", md: "3rem" } }}>
          {translate("landing.hero")}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
          {translate("landing.subtitle")}
        </Typography>
        {/* Accounts are opened by the operator and a company's administrator: a visitor asks for one. */}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} justifyContent="center" alignItems="center">
          <Button variant="contained" size="large" component={FrameLink} to="/contact">
            {translate("landing.register")}
          </Button>
          <Button variant="outlined" size="large" component={FrameLink} to="/login">
            {translate("landing.login")}
          </Button>
        </Stack>
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, pb: 4 }}>
        {FEATURES.map(({ key, icon: Icon }) => (
          <Card key={key} component="section">
            <CardContent>
              <Icon color="primary" fontSize="large" />
              <Typography variant="h6" component="h2" gutterBottom>
                {translate(`landing.${key}Title`)}
              </Typography>
              <Typography color="text.secondary">{translate(`landing.${key}Text`)}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

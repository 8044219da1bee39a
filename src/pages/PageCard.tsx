/** A centred card with a heading: the frame of the small public pages and forms. */
import type { ReactNode } from "react";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { usePageFrame } from "../public/pageFrame";

export function PageCard({ title, children, maxWidth = 440 }: { title: string; children?: ReactNode; maxWidth?: number }) {
  const { Title } = usePageFrame();
  return (
    <Card sx={{ maxWidth, width: "100%", mx: "auto", mt: { xs: 2, sm: 6 } }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

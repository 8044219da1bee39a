/**
 * The footer: copyright line, Privacy Policy and Terms of Service links; the public shell's
 * (public/ShellFooter.tsx), given react-admin's words and router.
 */
import { AdminPageFrame } from "../pages/AdminPageFrame";
import { ShellFooter } from "../public/ShellFooter";

export function Footer() {
  return (
    <AdminPageFrame>
      <ShellFooter />
    </AdminPageFrame>
  );
}

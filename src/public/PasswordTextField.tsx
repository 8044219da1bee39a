/** A password field of a public form with the eye button that shows what was typed, as react-admin's <PasswordInput>. */
import { useState } from "react";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { FormTextField, type FormTextFieldProps } from "./FormTextField";
import { usePageFrame } from "./pageFrame";

export function PasswordTextField(props: Omit<FormTextFieldProps, "type" | "endAdornment">) {
  const { translate } = usePageFrame();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? "text" : "password"}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={translate(visible ? "ra.input.password.toggle_visible" : "ra.input.password.toggle_hidden")}
            onClick={() => setVisible(!visible)}
            size="small"
          >
            {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/**
 * Roles as checkboxes, each with its name and, under it, what it lets the user do (the checkbox is
 * named by the role alone; the line describes it). Used by the add-user dialog and the roles
 * dialog. A locked role is shown as it stands, with the reason on hover.
 */
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { RoleName } from "../../contract/roles";
import { useRoleText } from "./useRoleText";

export interface RoleChoicesProps {
  roles: readonly RoleName[];
  checked: ReadonlySet<RoleName>;
  onToggle: (role: RoleName) => void;
  /** roles shown but not to be changed, and why */
  locked?: { roles: ReadonlySet<RoleName>; reason: string };
  /** the group's name, shown above it */
  legend?: string;
  /** an error (red) or a hint under the group */
  helperText?: ReactNode;
  error?: boolean;
  id: string;
}

export function RoleChoices({ roles, checked, onToggle, locked, legend, helperText, error, id }: RoleChoicesProps) {
  const text = useRoleText();
  return (
    <FormControl component="fieldset" error={error} sx={{ mt: 1, width: "100%" }}>
      {legend && <FormLabel component="legend">{legend}</FormLabel>}
      <FormGroup>
        {roles.map((role) => {
          const isLocked = !!locked?.roles.has(role);
          const descriptionId = `${id}-${role}-description`;
          const box = (
            <FormControlLabel
              label={text.name(role)}
              disabled={isLocked}
              control={
                <Checkbox
                  checked={checked.has(role)}
                  onChange={() => onToggle(role)}
                  slotProps={{ input: { "aria-describedby": descriptionId } }}
                />
              }
            />
          );
          return (
            <Box key={role} data-testid={`role-${role}`}>
              {isLocked ? (
                <Tooltip title={locked!.reason}>
                  <span>{box}</span>
                </Tooltip>
              ) : (
                box
              )}
              <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ ml: 4, mt: -0.75, mb: 1 }}>
                {text.description(role)}
              </Typography>
            </Box>
          );
        })}
      </FormGroup>
      {helperText && <FormHelperText sx={{ mx: 0 }}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

/** The tasks resource: long work (stock imports) and how it went. */
import type { ResourceProps } from "react-admin";
import PlaylistAddCheckIcon from "@mui/icons-material/PlaylistAddCheck";
import { TaskList } from "./TaskList";

export const tasks: ResourceProps = {
  name: "tasks",
  list: TaskList,
  icon: PlaylistAddCheckIcon,
};

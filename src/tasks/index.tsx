/** The tasks resource: long work (stock imports) and how it went. */
import type { AppResource } from "../appResource";
import PlaylistAddCheckIcon from "@mui/icons-material/PlaylistAddCheck";
import { TaskList } from "./TaskList";

export const tasks: AppResource = {
  name: "tasks",
  list: TaskList,
  icon: PlaylistAddCheckIcon,
  menu: { section: "stock", entries: [{ label: "menu.tasks" }] },
};

export default tasks;

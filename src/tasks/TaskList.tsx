/**
 * The tenant's tasks, newest first: kind, status, progress, counts, message or error, start and
 * end. While any task is queued or running the list refreshes every second, so a running import
 * is watched to its end without touching the page.
 */
import { FunctionField, TextField, useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import MoveToInboxIcon from "@mui/icons-material/MoveToInbox";
import type { Task } from "../../contract/api";
import { ResourceList } from "../common/ResourceList";
import { RoDateField } from "../common/RoDateField";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";

const ACTIVE: Task["status"][] = ["queued", "running"];
const STATUS_COLOR = { queued: "default", running: "info", done: "success", failed: "error" } as const;
export const TASK_REFRESH_MS = 1_000;

/** react-query asks this after every fetch: keep polling while something is still on its way. */
export function refetchWhileActive(query: { state: { data?: { data?: Task[] } } }): number | false {
  return query.state.data?.data?.some((task) => ACTIVE.includes(task.status)) ? TASK_REFRESH_MS : false;
}

export function TaskList() {
  const translate = useTranslate();
  return (
    <ResourceList
      resource="tasks"
      sort={{ field: "id", order: "DESC" }}
      actions={false}
      queryOptions={{ refetchInterval: refetchWhileActive as never }}
      before={<SmartBillConnectionNotice />}
      // Stock imports are the only tasks there are: starting one is the way to a first task.
      empty={{ label: translate("resources.stock.importAction"), icon: <MoveToInboxIcon />, to: "/stock/import", target: "stock" }}
    >
      <TextField source="id" />
      <FunctionField<Task>
        label="resources.tasks.fields.kind"
        render={(task) => translate(`resources.tasks.kinds.${task.kind}`, { _: task.kind })}
      />
      <FunctionField<Task>
        label="resources.tasks.fields.status"
        render={(task) => (
          <Chip size="small" color={STATUS_COLOR[task.status]} label={translate(`resources.tasks.statuses.${task.status}`)} data-testid="task-status" />
        )}
      />
      <FunctionField<Task>
        label="resources.tasks.fields.progress"
        render={(task) => (
          <Box sx={{ minWidth: 120 }}>
            <LinearProgress variant="determinate" value={task.progress} aria-label={`${task.progress}%`} />
            <Typography variant="caption">{task.progress}%</Typography>
          </Box>
        )}
      />
      <FunctionField<Task>
        label="resources.tasks.fields.counts"
        render={(task) =>
          translate("resources.tasks.counts", {
            created: translate("resources.tasks.created", { smart_count: task.created }),
            updated: translate("resources.tasks.updated", { smart_count: task.updated }),
            errors: translate("resources.tasks.errors", { smart_count: task.errors }),
          })
        }
      />
      <FunctionField<Task>
        label="resources.tasks.fields.message"
        render={(task) =>
          task.errorText ? (
            <Typography variant="body2" color="error" data-testid="task-message">
              {task.errorText}
            </Typography>
          ) : (
            <Typography variant="body2" data-testid="task-message">
              {task.message ?? ""}
            </Typography>
          )
        }
      />
      <RoDateField source="startedAt" showTime />
      <RoDateField source="finishedAt" showTime />
    </ResourceList>
  );
}

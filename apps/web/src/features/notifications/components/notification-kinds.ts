import type { TNotificationType } from '@kkb/core/notifications/schema';
import AlarmIcon from '@mui/icons-material/Alarm';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import NotificationsIcon from '@mui/icons-material/Notifications';
import ThunderstormIcon from '@mui/icons-material/Thunderstorm';
import TodayIcon from '@mui/icons-material/Today';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

interface Kind {
  /** The filter chip's label (plural: the kind of notifications it shows). */
  label: string;
  Icon: ComponentType<SvgIconProps>;
  /** A theme palette the kind's icon is tinted with. */
  color: 'primary' | 'secondary' | 'success' | 'warning' | 'info' | 'error';
}

/** Each kind of notification, in the order the filter chips list them. */
export const NOTIFICATION_KINDS: Readonly<Record<TNotificationType, Kind>> = {
  activity_reminder: { label: 'Reminders', Icon: AlarmIcon, color: 'primary' },
  weather_alert: { label: 'Weather', Icon: ThunderstormIcon, color: 'info' },
  achievement: { label: 'Achievements', Icon: EmojiEventsIcon, color: 'warning' },
  activity_suggestion: { label: 'Suggestions', Icon: LightbulbIcon, color: 'success' },
  daily_summary: { label: 'Daily summary', Icon: TodayIcon, color: 'secondary' },
  general: { label: 'Other', Icon: NotificationsIcon, color: 'primary' },
};

import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CategoryIcon from '@mui/icons-material/Category';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import ExploreIcon from '@mui/icons-material/Explore';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import LocalActivityIcon from '@mui/icons-material/LocalActivity';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import ScheduleIcon from '@mui/icons-material/Schedule';
import UmbrellaIcon from '@mui/icons-material/Umbrella';
import WbSunnyIcon from '@mui/icons-material/WbSunny';
import WbTwilightIcon from '@mui/icons-material/WbTwilight';
import WeekendIcon from '@mui/icons-material/Weekend';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/**
 * The Material icons the achievements name (core's definitions), imported one by one so only
 * these reach the bundle. An unknown name shows the trophy.
 */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  calendar_month: CalendarMonthIcon,
  category: CategoryIcon,
  emoji_events: EmojiEventsIcon,
  event_repeat: EventRepeatIcon,
  explore: ExploreIcon,
  hourglass_bottom: HourglassBottomIcon,
  local_activity: LocalActivityIcon,
  local_fire_department: LocalFireDepartmentIcon,
  military_tech: MilitaryTechIcon,
  schedule: ScheduleIcon,
  umbrella: UmbrellaIcon,
  wb_sunny: WbSunnyIcon,
  wb_twilight: WbTwilightIcon,
  weekend: WeekendIcon,
  whatshot: WhatshotIcon,
  workspace_premium: WorkspacePremiumIcon,
};

/** An achievement's icon; decorative, since its title always shows beside it. */
export function AchievementIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = ICONS[name] ?? EmojiEventsIcon;
  return <Icon aria-hidden="true" {...props} />;
}

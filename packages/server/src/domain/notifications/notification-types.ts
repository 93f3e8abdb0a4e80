import type { TypeCode } from './model.js';

export interface NotificationType {
  code: TypeCode;
  /** Title (`FN`). */
  title: string;
  /** What the kind tells the user about (`FD`). */
  description: string;
  /** The disclaimer to acknowledge before the kind is delivered (`DT`). */
  disclaimer: string;
}

const informationOnly =
  'Notifications are information only, not advice to trade. Check the details in your account before you act on them.';
const taxes =
  'Tax notes are general information, not tax advice. Your own situation decides what applies to you.';

/** Every kind of notification, in the order the settings list them. The reference server makes
 * `PF`, `UA` and `SM` from its events; the others exist to be switched and seeded. */
export const notificationTypes: readonly NotificationType[] = [
  {
    code: 'PF',
    title: 'Portfolio FYIs',
    description: 'Tells me when my orders fill and about other activity that changes my holdings.',
    disclaimer: informationOnly,
  },
  {
    code: 'UA',
    title: 'User Alert',
    description: 'Tells me when one of my alerts triggers.',
    disclaimer: informationOnly,
  },
  {
    code: 'SM',
    title: 'System Messages',
    description:
      'Tells me about rejected and cancelled orders, margin warnings and the end of my session.',
    disclaimer: informationOnly,
  },
  {
    code: 'BA',
    title: 'Borrow Availability',
    description: 'Tells me when shares I hold short become harder to borrow.',
    disclaimer: informationOnly,
  },
  {
    code: 'CA',
    title: 'Comparable Algo',
    description: 'Suggests an algorithm that might have filled an order of mine at a better price.',
    disclaimer: informationOnly,
  },
  {
    code: 'DA',
    title: 'Dividends Advisory',
    description: 'Tells me about dividends on contracts I hold.',
    disclaimer: informationOnly,
  },
  {
    code: 'EA',
    title: 'Upcoming Earnings',
    description: 'Tells me when companies I hold are about to report earnings.',
    disclaimer: informationOnly,
  },
  {
    code: 'MF',
    title: 'Mutual Fund Advisory',
    description: 'Tells me about changes to mutual funds I hold.',
    disclaimer: informationOnly,
  },
  {
    code: 'OE',
    title: 'Option Expiration',
    description: 'Reminds me of options I hold that are about to expire.',
    disclaimer: informationOnly,
  },
  {
    code: 'PR',
    title: 'Portfolio Builder Rebalance',
    description: 'Tells me when a portfolio I built has drifted from its targets.',
    disclaimer: informationOnly,
  },
  {
    code: 'SE',
    title: 'Suspend Order on Economic Event',
    description: 'Tells me when orders of mine are held back around an economic release.',
    disclaimer: informationOnly,
  },
  {
    code: 'SG',
    title: 'Short Term Gain turning Long Term',
    description: 'Tells me when a gain of mine is about to count as long-term.',
    disclaimer: taxes,
  },
  {
    code: 'T2',
    title: 'Assignment Realizing Long-Term Gains',
    description: 'Warns me when an assignment would realize a long-term gain.',
    disclaimer: taxes,
  },
  {
    code: 'TO',
    title: 'Takeover',
    description: 'Tells me about takeover offers for companies I hold.',
    disclaimer: informationOnly,
  },
  {
    code: 'M8',
    title: 'M871 Trades',
    description:
      'Tells me about trades that fall under the US dividend-equivalent withholding rules.',
    disclaimer: taxes,
  },
  {
    code: 'PS',
    title: 'Platform Use Suggestions',
    description: 'Suggests features that fit the way I trade.',
    disclaimer: informationOnly,
  },
  {
    code: 'DL',
    title: 'Unexercised Option Loss Prevention Reminder',
    description: 'Reminds me of in-the-money options that would expire unexercised.',
    disclaimer: informationOnly,
  },
  {
    code: 'PT',
    title: 'Position Transfer',
    description: 'Tells me about settings that positions transferred to me may need.',
    disclaimer: informationOnly,
  },
  {
    code: 'CB',
    title: 'Missing Cost Basis',
    description: 'Tells me about positions whose cost basis is unknown.',
    disclaimer: taxes,
  },
  {
    code: 'MS',
    title: 'Milestones',
    description: 'Tells me when my account reaches a milestone.',
    disclaimer: informationOnly,
  },
  {
    code: 'TD',
    title: 'MiFID 10% Depreciation Notice',
    description: 'Tells me when my portfolio has lost 10 % since the last statement.',
    disclaimer: informationOnly,
  },
  {
    code: 'ST',
    title: 'Save Taxes',
    description: 'Suggests ways to lower the taxes on my trades.',
    disclaimer: taxes,
  },
  {
    code: 'TI',
    title: 'Trade Idea',
    description: 'Sends me trade ideas about contracts I follow.',
    disclaimer: informationOnly,
  },
  {
    code: 'CT',
    title: 'Cash Transfer',
    description: 'Tells me about deposits and withdrawals.',
    disclaimer: informationOnly,
  },
];

const byCode = new Map(notificationTypes.map((type) => [type.code, type]));

export const isTypeCode = (code: string): code is TypeCode => byCode.has(code as TypeCode);

export function notificationType(code: TypeCode): NotificationType {
  const type = byCode.get(code);
  if (!type) throw new Error(`No notification type ${code}`);
  return type;
}

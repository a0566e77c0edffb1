import { CONSTANTS } from '@kindling/contracts';
import { Group, Progress, Text } from '@mantine/core';

const LABELS = ['Too short', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const COLORS = ['red', 'red', 'yellow', 'teal', 'green'] as const;
// Darker shades for the label so it stays readable on white (WCAG AA).
const TEXT_COLORS = ['red.8', 'red.8', 'orange.9', 'teal.9', 'green.9'] as const;

/**
 * A rough strength score from 0 to 4: length first (the server requires CONSTANTS.passwordMinLength
 * characters), then variety. It guides; only the minimum length is enforced.
 */
export function passwordScore(password: string): number {
  if (password.length < CONSTANTS.passwordMinLength) return 0;
  let score = 1;
  if (password.length >= 14) score++;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (kinds >= 3) score++;
  if (password.length >= 18 || (kinds === 4 && password.length >= 12)) score++;
  return Math.min(score, 4);
}

export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const score = passwordScore(password);
  const label = LABELS[score];
  return (
    <div id={id} aria-live="polite">
      <Progress value={password ? (score + 1) * 20 : 0} color={COLORS[score]} size="sm" aria-hidden />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          At least {CONSTANTS.passwordMinLength} characters. A longer passphrase is stronger.
        </Text>
        {password && (
          <Text size="xs" fw={600} c={TEXT_COLORS[score]}>
            {label}
          </Text>
        )}
      </Group>
    </div>
  );
}

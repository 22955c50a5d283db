import { Box } from '@mantine/core';
import { landingDe } from '../../i18n/landing.de';
import { ClosingSection } from './ClosingSection';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { SecuritySection } from './SecuritySection';
import { useSignedIn } from './useSignedIn';
import { WorkflowsSection } from './WorkflowsSection';

/**
 * Public landing page ('/', docs/spec/accounts.md §1–§2). The session is read here once and handed down as a
 * boolean, so replacing useSignedIn with the shared session hook is a one-line change.
 */
export function LandingPage() {
  const signedIn = useSignedIn();
  return (
    <>
      {/* React 19 hoists <title> into <head>. */}
      <title>{landingDe.documentTitle}</title>
      <LandingHeader signedIn={signedIn} />
      <Box component="main">
        <HeroSection signedIn={signedIn} />
        <FeaturesSection />
        <WorkflowsSection />
        <SecuritySection />
        <ClosingSection signedIn={signedIn} />
      </Box>
      <LandingFooter signedIn={signedIn} />
    </>
  );
}

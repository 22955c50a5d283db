import { Box, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OrganizationListItem, Service, ServiceDisplayStatus } from '@sanidok/schema';
import type { ReactNode } from 'react';
import { servicesDe } from '../../i18n/services.de';
import { ServiceStatusBadges } from './ServiceBadges';
import { servicePeriod } from './ServicesTable';

const t = servicesDe.detail;

interface ServiceOverviewTabProps {
  service: Service;
  organization: OrganizationListItem | null | undefined;
  status: ServiceDisplayStatus;
  locked: boolean;
  /**
   * Owner, admin or on the team: only they see the access code. The server sends the
   * code to no one else; the screen checks as well, so a stale row never shows it.
   */
  showAccessCode: boolean;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** 'Übersicht': the service's data as stored on this device. */
export function ServiceOverviewTab({ service, organization, status, locked, showAccessCode }: ServiceOverviewTabProps) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
          <Field label={t.organization}>{organization?.name ?? service.organizationName}</Field>
          <Field label={t.location}>{service.location}</Field>
          <Field label={t.period}>{servicePeriod(service.startDate, service.endDate)}</Field>
          <div>
            <Text size="sm" c="dimmed" component="dt">
              {t.status}
            </Text>
            <dd style={{ margin: 0 }}>
              <ServiceStatusBadges status={status} locked={locked} />
            </dd>
          </div>
          {service.createdByName && <Field label={t.createdBy}>{service.createdByName}</Field>}
          {showAccessCode && (
            <Field label={t.accessCode}>
              {service.accessCode ? (
                <Text span ff="monospace" fw={600}>
                  {service.accessCode}
                </Text>
              ) : (
                <Text span c="dimmed">
                  {t.noAccessCode}
                </Text>
              )}
            </Field>
          )}
        </SimpleGrid>
        {/* A list of its own: <dt>/<dd> outside a <dl> mean nothing to a screen reader. */}
        <Box component="dl" m={0}>
          <Field label={t.description}>
            {service.description ? (
              <Text span style={{ whiteSpace: 'pre-wrap' }}>
                {service.description}
              </Text>
            ) : (
              <Text span c="dimmed">
                {t.none}
              </Text>
            )}
          </Field>
        </Box>
      </Stack>
    </Paper>
  );
}

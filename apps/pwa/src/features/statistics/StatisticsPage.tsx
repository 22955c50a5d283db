import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import type { OrganizationStatistics, StatisticsFigures } from '@sanidok/schema';
import { berlinMonth, formatDate, transportRate } from '@sanidok/schema';
import { IconArrowLeft, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BarChart } from '../../components/BarChart';
import { useOrganization } from '../../data/hooks';
import { statisticsDe as t } from '../../i18n/statistics.de';
import { downloadFile } from '../../lib/download';
import { describeError } from '../../lib/describeError';
import { useSyncStore } from '../../sync/syncStore';
import { canViewStatistics } from '../organizations/permissions';
import { useOrganizationStatistics } from './queries';
import { statisticsMonthsCsv, statisticsServicesCsv } from './statisticsCsv';

/** 'YYYY-MM' ↔ the picker's 'YYYY-MM-DD' (first of the month). */
const toMonth = (value: string | null): string | null => (value ? value.slice(0, 7) : null);
const shift = (month: string, by: number) => {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const index = y * 12 + m - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/**
 * /organizations/{id}/statistics, for owner and admins: figures per month of a
 * service's start, charts, the month table and patients per service, CSV export. Computed on the
 * server (it needs every service of the organisation, not just this device's), so it needs coverage.
 */
export function StatisticsPage() {
  const organizationId = Number(useParams().id);
  const organization = useOrganization(organizationId);
  const online = useSyncStore((s) => s.online);
  const [to, setTo] = useState(() => berlinMonth(new Date()));
  const [from, setFrom] = useState(() => shift(berlinMonth(new Date()), -11));
  const allowed = organization ? canViewStatistics(organization.role) : false;
  const stats = useOrganizationStatistics(organizationId, from, to, online && allowed);

  if (organization === undefined) return <Loader aria-label={t.open} />;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Button component={Link} to="/organizations" variant="subtle" px={0} leftSection={<IconArrowLeft size={18} aria-hidden />} w="fit-content">
          {t.back}
        </Button>
        <Title order={1}>{t.title(organization?.name ?? '')}</Title>
        <Text c="dimmed">{t.intro}</Text>
      </Stack>
      {!allowed ? (
        <Alert color="red" variant="light" role="alert">{t.notAllowed}</Alert>
      ) : (
        <>
          <Group align="flex-end" gap="md" wrap="wrap">
            <MonthPickerInput label={t.from} value={`${from}-01`} maxDate={`${to}-01`} onChange={(v) => setFrom(toMonth(v) ?? from)} valueFormat="MMMM YYYY" size="md" w={200} />
            <MonthPickerInput label={t.to} value={`${to}-01`} minDate={`${from}-01`} onChange={(v) => setTo(toMonth(v) ?? to)} valueFormat="MMMM YYYY" size="md" w={200} />
            {stats.data && <CsvButtons stats={stats.data} name={organization?.name ?? ''} />}
          </Group>
          {!online && <Alert color="yellow" variant="light" role="status">{t.offline}</Alert>}
          {stats.isError && <Alert color="red" variant="light" role="alert" title={t.loadFailed}>{describeError(stats.error)}</Alert>}
          {online && stats.isPending && <Loader aria-label={t.open} />}
          {stats.data && <StatisticsView stats={stats.data} />}
        </>
      )}
    </Stack>
  );
}

/** One file per table, each its own download: what opens in a spreadsheet with a double click. */
function CsvButtons({ stats, name }: { stats: OrganizationStatistics; name: string }) {
  const csv = 'text/csv;charset=utf-8';
  return (
    <>
      <Button variant="default" size="md" leftSection={<IconFileTypeCsv size={18} aria-hidden />} onClick={() => downloadFile(statisticsMonthsCsv(stats), t.csvFile(name, stats.from, stats.to, 'Monate'), csv)}>
        {t.exportMonthsCsv}
      </Button>
      <Button variant="default" size="md" leftSection={<IconFileTypeCsv size={18} aria-hidden />} onClick={() => downloadFile(statisticsServicesCsv(stats), t.csvFile(name, stats.from, stats.to, 'Dienste'), csv)}>
        {t.exportServicesCsv}
      </Button>
    </>
  );
}

const rate = (f: StatisticsFigures) => {
  const value = transportRate(f);
  return value === null ? t.cards.none : t.percent(value);
};
const onSite = (f: StatisticsFigures) => (f.averageMinutesOnSite === null ? t.cards.none : t.minutes(f.averageMinutesOnSite));

function StatisticsView({ stats }: { stats: OrganizationStatistics }) {
  const { total } = stats;
  const perService = total.services ? (total.patients / total.services).toLocaleString('de-DE', { maximumFractionDigits: 1 }) : t.cards.none;
  const cards: [string, string, string?][] = [
    [t.cards.services, String(total.services)],
    [t.cards.patients, String(total.patients), total.manvPersons ? t.cards.withoutManv(total.manvPersons) : undefined],
    [t.cards.perService, perService],
    [t.cards.transportRate, rate(total), t.cards.transportHint],
    [t.cards.onSite, onSite(total), t.cards.onSiteHint],
    [t.cards.materialCost, t.euro(total.materialCostCents), total.materialUnitsWithoutPrice ? t.cards.withoutPrice(total.materialUnitsWithoutPrice) : undefined],
  ];
  const tt = t.table;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        {cards.map(([label, value, hint]) => (
          <Paper key={label} withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">{label}</Text>
            <Text fz={28} fw={700}>{value}</Text>
            {hint && <Text size="sm" c="dimmed">{hint}</Text>}
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" radius="md">
          <BarChart title={t.charts.servicesPerMonth} bars={stats.months.map((m) => ({ label: t.monthLabel(m.month), value: m.services }))} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <BarChart title={t.charts.patientsPerMonth} bars={stats.months.map((m) => ({ label: t.monthLabel(m.month), value: m.patients }))} />
        </Paper>
      </SimpleGrid>
      <Table.ScrollContainer minWidth={720}>
        <Table striped captionSide="top">
          <Table.Caption>{tt.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {[tt.month, tt.services, tt.minorTreatments, tt.protocols, tt.patients, tt.transportRate, tt.onSite, tt.materialCost].map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...stats.months.map((m) => [t.monthLabel(m.month), m] as const), [tt.total, total] as const].map(([label, f]) => (
              <Table.Tr key={label}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>{f.services}</Table.Td>
                <Table.Td>{f.minorTreatments}</Table.Td>
                <Table.Td>{f.protocols}</Table.Td>
                <Table.Td>{f.patients}</Table.Td>
                <Table.Td>{rate(f)}</Table.Td>
                <Table.Td>{onSite(f)}</Table.Td>
                <Table.Td>{t.euro(f.materialCostCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Table striped captionSide="top">
        <Table.Caption>{t.perService.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.perService.service}</Table.Th>
            <Table.Th>{t.perService.start}</Table.Th>
            <Table.Th>{t.perService.patients}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stats.services.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>{t.perService.empty}</Table.Td>
            </Table.Tr>
          )}
          {stats.services.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>{formatDate(s.startDate)}</Table.Td>
              <Table.Td>{s.patients}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

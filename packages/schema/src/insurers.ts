/**
 * German health insurers offered in the protocol dialog's 'Versicherungsinformationen' (docs/spec/services.md §2:
 * "a list of about 58 German health insurers"; free input stays allowed). Statutory funds
 * (AOKs, Ersatzkassen, the larger BKKs and IKKs, Knappschaft, SVLFG) and the common private
 * insurers, under the names printed on insurance cards and letters.
 */

export const statutoryHealthInsurers = [
  // AOK – Allgemeine Ortskrankenkassen (all eleven regional funds)
  'AOK Baden-Württemberg',
  'AOK Bayern',
  'AOK Bremen/Bremerhaven',
  'AOK Hessen',
  'AOK Niedersachsen',
  'AOK Nordost',
  'AOK Nordwest',
  'AOK PLUS',
  'AOK Rheinland/Hamburg',
  'AOK Rheinland-Pfalz/Saarland',
  'AOK Sachsen-Anhalt',
  // Ersatzkassen
  'Techniker Krankenkasse (TK)',
  'BARMER',
  'DAK-Gesundheit',
  'KKH Kaufmännische Krankenkasse',
  'hkk Krankenkasse',
  'HEK – Hanseatische Krankenkasse',
  // Betriebskrankenkassen
  'Audi BKK',
  'BAHN-BKK',
  'BKK firmus',
  'Bosch BKK',
  'Debeka BKK',
  'mkk – meine krankenkasse',
  'Mobil Krankenkasse',
  'pronova BKK',
  'R+V BKK',
  'SBK Siemens-Betriebskrankenkasse',
  'SECURVITA Krankenkasse',
  'VIACTIV Krankenkasse',
  // Innungskrankenkassen
  'BIG direkt gesund',
  'IKK classic',
  'IKK – Die Innovationskasse',
  'IKK gesund plus',
  'IKK Südwest',
  // Further statutory funds
  'Knappschaft',
  'SVLFG – Landwirtschaftliche Krankenkasse',
] as const;

export const privateHealthInsurers = [
  'Allianz Private Krankenversicherung',
  'Alte Oldenburger Krankenversicherung',
  'AXA Krankenversicherung',
  'Barmenia Krankenversicherung',
  'Bayerische Beamtenkrankenkasse',
  'Continentale Krankenversicherung',
  'Debeka Krankenversicherung',
  'DKV Deutsche Krankenversicherung',
  'Gothaer Krankenversicherung',
  'Hallesche Krankenversicherung',
  'HanseMerkur Krankenversicherung',
  'HUK-COBURG Krankenversicherung',
  'INTER Krankenversicherung',
  'LKH Landeskrankenhilfe',
  'LVM Krankenversicherung',
  'Münchener Verein Krankenversicherung',
  'Nürnberger Krankenversicherung',
  'ottonova Krankenversicherung',
  'R+V Krankenversicherung',
  'SDK Süddeutsche Krankenversicherung',
  'Signal Iduna Krankenversicherung',
  'UKV Union Krankenversicherung',
] as const;

/** Every insurer of both lists, statutory first. */
export const healthInsurers: readonly string[] = [...statutoryHealthInsurers, ...privateHealthInsurers];

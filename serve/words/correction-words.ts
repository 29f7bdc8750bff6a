// The corrections form (`/corrections`, `/es/corrections`, serve/pages/corrections.ts), in English
// and Spanish (catalog.ts).
import { defineWords } from './catalog.ts';

/** What a correction can be about: the form's choices, by field key (care approvals and the waiver read their labels elsewhere). */
export const CORRECTION_FIELD_WORDS = defineWords({
  name: { en: 'Name of the home', es: { text: 'Nombre del centro', from: 'Name of the home' } },
  address: { en: 'Address', es: { text: 'Dirección', from: 'Address' } },
  phone: { en: 'Phone number', es: { text: 'Número de teléfono', from: 'Phone number' } },
  licensee: { en: 'License holder', es: { text: 'Titular de la licencia', from: 'License holder' } },
  capacity: { en: 'Licensed beds', es: { text: 'Capacidad autorizada', from: 'Licensed beds' } },
  license_status: { en: 'License status', es: { text: 'Estado de la licencia', from: 'License status' } },
  careApproval: { en: 'Care approval: {label}', es: { text: 'Aprobación de cuidado: {label}', from: 'Care approval: {label}' } },
  service_designations: { en: 'Service designations', es: { text: 'Códigos de servicio del estado (service designations)', from: 'Service designations' } },
  last_state_visit: { en: 'Last state visit', es: { text: 'Última visita del estado', from: 'Last state visit' } },
  state_documents: { en: 'State reports and documents', es: { text: 'Informes y documentos del estado', from: 'State reports and documents' } },
  price: { en: 'Starting rate', es: { text: 'Tarifa inicial', from: 'Starting rate' } },
  location: { en: 'Location on the map', es: { text: 'Ubicación en el mapa', from: 'Location on the map' } },
  other: { en: 'Something else', es: { text: 'Otra cosa (también una palabra en español que no esté clara)', from: 'Something else' } },
});

export const CORRECTION_WORDS = defineWords({
  title: { en: 'Report an error in a record', es: { text: 'Informar un error en un registro', from: 'Report an error in a record' } },
  description: {
    en: "Tell us what is wrong in a care home's record on this site.",
    es: { text: 'Díganos qué está mal en el registro de un centro de cuidado en este sitio.', from: "Tell us what is wrong in a care home's record on this site." },
  },
  heading: { en: "Report an error in a home's record", es: { text: 'Informar un error en el registro de un centro', from: "Report an error in a home's record" } },
  fixThis: { en: 'Please fix this', es: { text: 'Corrija esto, por favor', from: 'Please fix this' } },
  fixThese: { en: 'Please fix these', es: { text: 'Corrija esto, por favor', from: 'Please fix these' } },
  intro: {
    en: 'Tell us what is wrong in a record on this site. We check every correction against the state\'s records. While we review a report about a care approval, that approval may read "not on file (under a correction review)".',
    es: {
      text: 'Díganos qué está mal en un registro de este sitio. Comparamos cada corrección con los registros del estado. Mientras revisamos un aviso sobre una aprobación de cuidado, esa aprobación puede decir «No consta en los datos del estado (en revisión por una solicitud de corrección)».',
      from: 'Tell us what is wrong in a record on this site. We check every correction against the state\'s records. While we review a report about a care approval, that approval may read "not on file (under a correction review)".',
    },
  },
  noPersonal: {
    en: "Do not include your name, phone number, e-mail address or anyone's health details.",
    es: { text: 'No incluya su nombre, su teléfono, su correo electrónico ni datos de salud de nadie.', from: "Do not include your name, phone number, e-mail address or anyone's health details." },
  },
  noReply: {
    en: 'We do not need them, and we do not reply to corrections one by one.',
    es: { text: 'No los necesitamos, y no respondemos a cada corrección por separado.', from: 'We do not need them, and we do not reply to corrections one by one.' },
  },
  home: { en: 'Home:', es: { text: 'Centro:', from: 'Home:' } },
  licenseLabel: { en: 'License number of the home', es: { text: 'Número de licencia del centro', from: 'License number of the home' } },
  licenseHint: {
    en: "Nine digits; it is on the home's page on this site.",
    es: { text: 'Nueve dígitos; está en la página del centro en este sitio.', from: "Nine digits; it is on the home's page on this site." },
  },
  fieldLabel: { en: 'What is the correction about?', es: { text: '¿Sobre qué es la corrección?', from: 'What is the correction about?' } },
  chooseOne: { en: 'Choose one', es: { text: 'Elija una opción', from: 'Choose one' } },
  wrongLabel: { en: 'What is wrong?', es: { text: '¿Qué está mal?', from: 'What is wrong?' } },
  shouldLabel: { en: 'What should the record say?', es: { text: '¿Qué debería decir el registro?', from: 'What should the record say?' } },
  sourceLabel: { en: 'A link to a source (optional)', es: { text: 'Un enlace a una fuente (opcional)', from: 'A link to a source (optional)' } },
  sourceHint: {
    en: "For example the state's own page of the home, or a letter from the licensing office published online.",
    es: {
      text: 'Por ejemplo, la página del propio estado sobre el centro, o una carta de la oficina de licencias publicada en internet.',
      from: "For example the state's own page of the home, or a letter from the licensing office published online.",
    },
  },
  send: { en: 'Send the correction', es: { text: 'Enviar la corrección', from: 'Send the correction' } },
  stateWrong: { en: "When the state's own record is wrong", es: { text: 'Cuando el registro del propio estado está mal', from: "When the state's own record is wrong" } },
  stateWrongText: {
    en: "This site shows the state licensing record. If the state's record itself is wrong, the home or its license holder can ask the state's licensing office to correct it. The official record is the state's",
    es: {
      text: 'Este sitio muestra el registro de licencias del estado. Si el registro del estado está mal, el centro o el titular de la licencia puede pedir a la oficina de licencias del estado que lo corrija. El registro oficial es el',
      from: "This site shows the state licensing record. If the state's record itself is wrong, the home or its license holder can ask the state's licensing office to correct it. The official record is the state's",
    },
  },
  facilitySearch: { en: 'facility search', es: { text: 'buscador de centros del estado (en inglés)', from: 'facility search' } },
  errLicense: {
    en: 'Enter the license number of a home on the state roster (nine digits).',
    es: { text: 'Escriba el número de licencia de un centro de la lista del estado (nueve dígitos).', from: 'Enter the license number of a home on the state roster (nine digits).' },
  },
  errField: { en: 'Choose what the correction is about.', es: { text: 'Elija sobre qué es la corrección.', from: 'Choose what the correction is about.' } },
  errWrong: { en: 'Say what is wrong.', es: { text: 'Diga qué está mal.', from: 'Say what is wrong.' } },
  errShould: { en: 'Say what the record should say.', es: { text: 'Diga qué debería decir el registro.', from: 'Say what the record should say.' } },
  errWrongLong: {
    en: 'Say what is wrong in at most {max} characters of plain text.',
    es: { text: 'Diga qué está mal en {max} caracteres de texto simple como máximo.', from: 'Say what is wrong in at most {max} characters of plain text.' },
  },
  errShouldLong: {
    en: 'Say what the record should say in at most {max} characters of plain text.',
    es: {
      text: 'Diga qué debería decir el registro en {max} caracteres de texto simple como máximo.',
      from: 'Say what the record should say in at most {max} characters of plain text.',
    },
  },
  errPersonal: {
    en: "Your text looks like it contains {kind}. Leave out personal details (yours or anyone's): describe what is wrong in the home's record and what it should say. We do not reply to corrections, so we never need your name, phone or e-mail.",
    es: {
      text: 'Parece que su texto contiene datos personales ({kind}). No incluya datos personales (suyos ni de nadie): describa qué está mal en el registro del centro y qué debería decir. No respondemos a las correcciones, así que nunca necesitamos su nombre, su teléfono ni su correo electrónico.',
      from: "Your text looks like it contains {kind}. Leave out personal details (yours or anyone's): describe what is wrong in the home's record and what it should say. We do not reply to corrections, so we never need your name, phone or e-mail.",
    },
  },
  errSource: {
    en: 'The source link must be a web address starting with https:// or http://, at most {max} characters.',
    es: {
      text: 'El enlace a la fuente debe ser una dirección web que empiece con https:// o http://, de {max} caracteres como máximo.',
      from: 'The source link must be a web address starting with https:// or http://, at most {max} characters.',
    },
  },
  storedTitle: { en: 'Correction received', es: { text: 'Corrección recibida', from: 'Correction received' } },
  storedDescription: { en: 'Your correction is stored for review.', es: { text: 'Su corrección está guardada para revisarla.', from: 'Your correction is stored for review.' } },
  storedHeading: {
    en: 'Thank you: your correction is stored for review',
    es: { text: 'Gracias: su corrección está guardada para revisarla', from: 'Thank you: your correction is stored for review' },
  },
  about: { en: 'About:', es: { text: 'Sobre:', from: 'About:' } },
  storedText: {
    en: "We check it against the state's records. If the record on this site changes, the home's page shows it; we do not reply to corrections one by one.",
    es: {
      text: 'La comparamos con los registros del estado. Si el registro de este sitio cambia, la página del centro lo muestra; no respondemos a cada corrección por separado.',
      from: "We check it against the state's records. If the record on this site changes, the home's page shows it; we do not reply to corrections one by one.",
    },
  },
  backToHome: { en: "Back to the home's page", es: { text: 'Volver a la página del centro', from: "Back to the home's page" } },
});

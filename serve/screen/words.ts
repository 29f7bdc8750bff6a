// Word lists the screen's detectors share: ordinary words of care notes (never a surname or a
// street name on their own), and the words that make a number a measure rather than a house number.

const set = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

/** Ordinary words that follow a given name, a relative or a number in care notes without making a name or an address. */
export const ORDINARY_WORDS = set(`
a an the and or but nor so yet if then than that this these those there here what which who whom whose when where why how
i i'm me my mine we our us you your he him his she her hers it its they them their theirs
is am are was were be been being has have had having do does did done can could will would shall should may might must
not no yes also just only still even very really quite too much many more most less least few some any all both each every
in on at to of for from by with without within near about around over under into onto out up down off after before since until
between during across along through per via like as
needs need needed wants want wanted likes like loves love lives live lived living uses use used using gets get got goes go went
prefers prefer visits visit visiting visited calls call called says said thinks think knows know feels feel feeling looks look
walks walk walking eats eat sleeps sleep takes take took helps help helped moved move moving moves stays stay staying came come comes
fell falls fall falling wanders wander wandering forgets forget forgot remembers remember asks ask asked told tells see sees saw
is's isn't doesn't don't can't won't cannot hasn't hadn't wasn't aren't
recommended recommends recommend suggested suggests prescribed prescribes diagnosed orders ordered approved started stopped
care caring caregiver caregivers home homes house facility facilities place places memory assisted living skilled nursing nurse nurses
aide aides doctor doctors dr physician hospice respite dementia alzheimer's alzheimers parkinson's parkinsons stroke diabetes
wheelchair walker cane bedridden mobility incontinence insulin oxygen medication medications meds med pills dose doses pharmacy
appointment appointments therapy physical occupational speech rehab rehabilitation surgery hospital clinic office checkup checkups
medi-cal medicare medicaid va insurance waiver budget cost costs price rate rates monthly month months week weeks weekly day days daily
year years yearly hour hours minute minutes time times morning mornings evening evenings night nights afternoon weekend weekends
today tomorrow soon now later asap urgent currently recently already again once twice
room rooms bed beds private shared bathroom small large big quiet safe clean friendly kind patient staff meals food diet
family families daughter son sons daughters mother father mom dad wife husband sister brother parents parent grandmother
grandfather grandma grandpa aunt uncle cousin friend neighbor relative
area areas county city town towns neighborhood downtown nearby close closer far away region
visits visitors visiting hours transportation activities garden gardens pets pet dog cat church services
help support assistance supervision bathing dressing toileting feeding transfers lifting fall falls
good great fine ok okay better worse best worst new old older elderly senior seniors aging
who's she's he's it's they're we're i've we've
`);

/** Words between a number and a street word that show a measure, not a house number ("10 minutes drive"). */
export const MEASURE_WORDS = set(`
minute minutes min mins mile miles mi km kms kilometer kilometers kilometre kilometres hour hours hr hrs block blocks
day days week weeks month months year years bed beds bedroom bedrooms people person residents resident times x or and to of from
percent pounds lbs dollars
minuto minutos hora horas dia dias semana semanas mes meses ano anos milla millas cuadra cuadras cama camas persona personas veces
`);

/** Words after a given name that make it a place, a home or an institution, not a person ("Rose Garden", "Grace Manor"). */
export const NOT_A_SURNAME = set(`
care home homes house manor place villa village lodge court gardens garden residence residences residential assisted living
senior seniors memory center centre hospital medical health healthcare clinic community communities estates cottage cottages
haven retirement county city valley hills hill beach bay park creek lake heights springs grove station street avenue road
boulevard drive lane way hall terrace terraces plaza square mission oaks pines meadows vista ridge point harbor harbour rehab
nursing convalescent guest board boarding family adult elder elderly assistant ai bot gpt copilot agent app
north south east west northern southern eastern western central coast norte sur mar rey real oro monte rio paso dorado
general cathedral church temple chapel synagogue mosque desert mesa verde grande bonita palma madre buena paz cruz
cerrito sereno viejo hermosa niguel view crest bluff hueneme ranch rancho memorial regional presbyterian methodist adventist samaritan cordova cucamonga permanente college university school academy institute desktop code web mobile pro plus max chat studio labs
`);

/**
 * Street types written after the street's name: the USPS street suffixes (Publication 28) and their
 * common abbreviations ("Elm St", "Colton Landing", "Hirthe Spur"). Abbreviations that are also
 * plain words ("is" for Island, "un" for Union) are left out.
 */
export const STREET_TYPES_AFTER = set(`
alley allee aly anex annex arcade avenue ave av bayou beach bend bluff bluffs bottom boulevard blvd branch bridge brook brooks burg burgs
bypass byp camp canyon cyn cape causeway cswy center centers ctr circle circles cir cliff cliffs club common commons cmn corner corners
course court courts ct cove coves cv creek crk crescent cres crest crst crossing xing crossroad curve dale dam divide drive drives dr estate
estates expressway expy extension falls fls ferry field fields flat flats ford fords forest forge forges fork forks fort freeway fwy garden
gardens gdns gateway glen glens green greens grove groves grv harbor harbors hbr haven heights hts highway hwy hill hills hollow inlet
island islands isle junction jct key keys knoll knolls lake lakes landing lane ln light lights lock locks lodge loop mall manor manors mnr
meadow meadows mews mill mills mission motorway mount mountain mountains mtn neck orchard oval overpass park parks parkway parkways pkwy
pass passage path pike pine pines place pl plain plains plaza plz point points port ports prairie radial ramp ranch rapid rapids rest
ridge ridges rdg river road roads rd route rte row rue run shoal shoals shore shores skyway spring springs spur spurs square sq squares
station stravenue stream street streets st str summit loaf terrace ter throughway trace track trafficway trail trl trailer tunnel turnpike tpke
underpass union unions valley valleys vly viaduct view views vw village villages vlg ville vista walk walks wall way ways wy well wells
`);

/** Of those, the ones that are only ever streets, never the landform or place word of a town's name ("Walnut Creek", "Oak Park"). */
export const STREET_ONLY_TYPES = set(`
alley aly avenue ave av boulevard blvd circle cir court ct crescent cres drive dr expressway expy freeway fwy highway hwy lane ln loop
parkway pkwy path pike place pl plaza plz road rd row square sq street st str terrace ter trail trl way wy xing crossing
drives roads streets avenues lanes
`);

/**
 * Street types written before the street's name in Spanish, Portuguese, Italian and French, as the
 * normalizer leaves them (accents dropped): "Calle Ocho", "Via Roma", "Rue de la Paix", "Rua Augusta".
 */
export const STREET_TYPES_BEFORE = set(`
calle avenida avda av camino paseo via viale vicolo piazza piazzale strada corso largo borgo contrada rotonda incrocio salita lungomare
rue allee voie quai impasse chemin boulevard avenue passage place rua travessa alameda rodovia marginal praca estrada beco ladeira
calzada calz privada priv cerrada cda andador retorno prolongacion prol circuito eje viaducto carretera carr ronda senda subida bajada
glorieta pasaje rambla plaza cuesta travesia bulevar blvd callejon calleja vereda urbanizacion urbanizacao poligono calcada caminho
`);

/** Care shorthand and care words the dictionary lacks, that follow a relative in notes ("mom afib", "dad is bedbound"): never a name. */
export const CARE_SHORTHAND = set(`
bedbound sundowning sundowner sundowns nonambulatory dysphagia aphasia
afib uti utis alz adl adls snf ihss dnr npo hoh mci cva tia chf copd esrd ckd gerd bph htn cad lbd ftd als ptsd tbi pt ot rn lvn cna hha
rcfe alf ccrc polst poa hipaa ssi ssdi
`);

/** English contractions typed without their apostrophe ("mom cant walk"). */
export const UNPUNCTUATED_CONTRACTIONS = set(`
cant dont doesnt didnt isnt wasnt arent werent hasnt havent hadnt wont wouldnt shouldnt couldnt shes hes im ive theyre youre thats whats
lets theres hows
`);

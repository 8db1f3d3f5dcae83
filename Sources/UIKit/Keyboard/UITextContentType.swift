/// The meaning of what a text field expects (a user name, a one-time code, …), which lets the
/// system offer suggestions such as AutoFill.
///
/// Apple documents the names of these constants but not their raw strings. The raw strings below
/// are the ones iOS reports (`UITextContentType.oneTimeCode.rawValue == "one-time-code"`), which
/// follow the HTML `autocomplete` tokens; code should compare constants, not strings.
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  // Names
  public static let name = UITextContentType("name")
  public static let namePrefix = UITextContentType("honorific-prefix")
  public static let givenName = UITextContentType("given-name")
  public static let middleName = UITextContentType("additional-name")
  public static let familyName = UITextContentType("family-name")
  public static let nameSuffix = UITextContentType("honorific-suffix")
  public static let nickname = UITextContentType("nickname")
  public static let jobTitle = UITextContentType("organization-title")
  public static let organizationName = UITextContentType("organization")

  // Addresses
  public static let location = UITextContentType("location")
  public static let fullStreetAddress = UITextContentType("street-address")
  public static let streetAddressLine1 = UITextContentType("address-line1")
  public static let streetAddressLine2 = UITextContentType("address-line2")
  public static let addressCity = UITextContentType("address-level2")
  public static let addressState = UITextContentType("address-level1")
  public static let addressCityAndState = UITextContentType("address-level1+2")
  public static let sublocality = UITextContentType("address-level3")
  public static let countryName = UITextContentType("country-name")
  public static let postalCode = UITextContentType("postal-code")

  // Contact
  public static let telephoneNumber = UITextContentType("tel")
  public static let emailAddress = UITextContentType("email")
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public static let URL = UITextContentType("url")

  // Credentials
  public static let username = UITextContentType("username")
  public static let password = UITextContentType("password")
  public static let newPassword = UITextContentType("new-password")
  public static let oneTimeCode = UITextContentType("one-time-code")

  // Data detectors (iOS 15)
  public static let shipmentTrackingNumber = UITextContentType("shipment-tracking-number")
  public static let flightNumber = UITextContentType("flight-number")
  public static let dateTime = UITextContentType("date-time")

  // Dates (iOS 17)
  public static let birthdate = UITextContentType("birthdate")
  public static let birthdateDay = UITextContentType("birthdate-day")
  public static let birthdateMonth = UITextContentType("birthdate-month")
  public static let birthdateYear = UITextContentType("birthdate-year")

  // Payment cards
  public static let creditCardNumber = UITextContentType("cc-number")
  public static let creditCardSecurityCode = UITextContentType("cc-csc")
  public static let creditCardName = UITextContentType("cc-name")
  public static let creditCardGivenName = UITextContentType("cc-given-name")
  public static let creditCardMiddleName = UITextContentType("cc-additional-name")
  public static let creditCardFamilyName = UITextContentType("cc-family-name")
  public static let creditCardExpiration = UITextContentType("cc-exp")
  public static let creditCardExpirationMonth = UITextContentType("cc-exp-month")
  public static let creditCardExpirationYear = UITextContentType("cc-exp-year")
  public static let creditCardType = UITextContentType("cc-type")

  // Cellular (iOS 17.4)
  public static let cellularEID = UITextContentType("cellular-eid")
  public static let cellularIMEI = UITextContentType("cellular-imei")
}

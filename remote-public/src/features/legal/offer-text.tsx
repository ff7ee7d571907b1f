/* Публичная оферта Академии: собственный текст (spec 2 §2.16, только на русском). */
export function PublicOfferText({ seller, supportEmail }: { seller: string; supportEmail: string }) {
  return (
    <>
      <p>
        {seller} (далее — Исполнитель) предлагает любому дееспособному лицу (далее — Заказчик) заключить договор на оказание
        образовательных услуг на условиях этой оферты. Оплата услуг или регистрация на сайте означают полное и безоговорочное
        принятие оферты (статья 438 Гражданского кодекса Российской Федерации).
      </p>
      <h2>1. Предмет договора</h2>
      <p>
        Исполнитель предоставляет Заказчику доступ к онлайн-курсам по программированию, проверку практических заданий
        автоматической системой и менторами, групповые ревью и консультации, а Заказчик оплачивает и принимает услуги. Состав
        курса и сроки обучения указаны на странице курса.
      </p>
      <h2>2. Порядок оказания услуг</h2>
      <p>
        Услуги оказываются дистанционно через личный кабинет. Доступ открывается после регистрации и, для платных программ, после
        оплаты. Пробный доступ открывает часть заданий бесплатно. Услуга считается оказанной по мере открытия Заказчику модулей
        курса.
      </p>
      <h2>3. Стоимость и оплата</h2>
      <p>
        Стоимость обучения указана на сайте на дату оплаты. Оплата возможна единовременно или после трудоустройства, если это
        предусмотрено выбранной программой и отдельным соглашением сторон.
      </p>
      <h2>4. Права и обязанности сторон</h2>
      <p>
        Исполнитель обязан обеспечить доступ к материалам, проверку решений и ответы на вопросы в разумные сроки. Заказчик обязан
        не передавать доступ к личному кабинету третьим лицам, выполнять задания самостоятельно и соблюдать правила общения в
        сообществе Академии.
      </p>
      <h2>5. Возврат денежных средств</h2>
      <p>
        Заказчик вправе отказаться от договора в любой момент. Исполнитель возвращает оплату за вычетом стоимости уже оказанных
        услуг в течение 10 рабочих дней после получения заявления на {supportEmail}.
      </p>
      <h2>6. Ответственность</h2>
      <p>
        Стороны отвечают за неисполнение обязательств по законодательству Российской Федерации. Исполнитель не отвечает за
        перерывы в работе сайта, вызванные обстоятельствами непреодолимой силы или действиями третьих лиц.
      </p>
      <h2>7. Срок действия и изменение оферты</h2>
      <p>
        Договор действует до полного исполнения обязательств сторонами. Исполнитель вправе изменить оферту; изменения не
        затрагивают уже оплаченные услуги.
      </p>
    </>
  );
}

/* The public offer in English, for reading: the Russian text above is the binding one. */
export function PublicOfferTextEn({ seller, supportEmail }: { seller: string; supportEmail: string }) {
  return (
    <>
      <p>
        {seller} (the Contractor) offers any person with full legal capacity (the Customer) a contract for educational services on
        the terms of this offer. Paying for the services or registering on the site means full and unconditional acceptance of the
        offer (article 438 of the Civil Code of the Russian Federation).
      </p>
      <h2>1. Subject of the contract</h2>
      <p>
        The Contractor gives the Customer access to online programming courses, the checking of practical tasks by an automatic
        system and by mentors, group reviews and consultations; the Customer pays for and accepts the services. The content of a
        course and the period of study are given on the course page.
      </p>
      <h2>2. How the services are provided</h2>
      <p>
        The services are provided remotely through the personal account. Access opens after registration and, for paid programmes,
        after payment. Trial access opens some of the tasks free of charge. A service counts as provided as the modules of the
        course open to the Customer.
      </p>
      <h2>3. Price and payment</h2>
      <p>
        The price of study is the one given on the site on the day of payment. Payment is possible in one sum or after employment,
        when the chosen programme and a separate agreement of the parties provide for it.
      </p>
      <h2>4. Rights and duties of the parties</h2>
      <p>
        The Contractor must provide access to the materials, check solutions and answer questions within a reasonable time. The
        Customer must not pass access to the personal account to third parties, must do the tasks on their own and follow the
        rules of conduct of the Academy&apos;s community.
      </p>
      <h2>5. Refunds</h2>
      <p>
        The Customer may withdraw from the contract at any time. The Contractor refunds the payment, less the cost of the services
        already provided, within 10 working days of receiving the request at {supportEmail}.
      </p>
      <h2>6. Liability</h2>
      <p>
        The parties are liable for failing their obligations under the law of the Russian Federation. The Contractor is not liable
        for interruptions of the site caused by force majeure or by the actions of third parties.
      </p>
      <h2>7. Term and changes of the offer</h2>
      <p>
        The contract is in force until the parties have fully performed their obligations. The Contractor may change the offer;
        the changes do not affect services already paid for.
      </p>
    </>
  );
}

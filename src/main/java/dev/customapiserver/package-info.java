package dev.customapiserver;
